package io.npuzzle.deploy.app;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The arguments of a call in Java source without comments, split at the commas between them, each trimmed, and
 * the index just past the parenthesis that closes them.
 */
record JavaArguments(List<String> values, int end) {

    private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    /** The arguments of the call whose parenthesis opens at {@code open}. */
    static JavaArguments of(String source, int open) {
        List<String> arguments = new ArrayList<>();
        int depth = 0;
        int start = open + 1;
        for (int i = open + 1; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '"' || c == '\'') {
                i = endOfLiteral(source, i);
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            } else if (c == ')' || (c == ',' && depth == 0)) {
                String argument = source.substring(start, i).trim();
                if (c == ',' || !argument.isEmpty() || !arguments.isEmpty()) {
                    arguments.add(argument);
                }
                if (c == ')') {
                    return new JavaArguments(arguments, i + 1);
                }
                start = i + 1;
            }
        }
        throw new IllegalArgumentException("a call that does not end: " + source.substring(open));
    }

    /** The text of an argument that is one string literal, or null for any other expression. */
    static String stringLiteral(String argument) {
        Matcher literal = STRING_LITERAL.matcher(argument);
        return literal.matches() ? literal.group(1) : null;
    }

    /** The index of the quote that closes the string, text block or character literal opening at {@code start}. */
    private static int endOfLiteral(String source, int start) {
        char quote = source.charAt(start);
        if (source.startsWith("\"\"\"", start)) {
            int end = source.indexOf("\"\"\"", start + 3);
            if (end < 0) {
                throw new IllegalArgumentException("a text block that does not end: " + source.substring(start));
            }
            return end + 2;
        }
        for (int i = start + 1; i < source.length(); i++) {
            if (source.charAt(i) == '\\') {
                i++;
            } else if (source.charAt(i) == quote) {
                return i;
            }
        }
        throw new IllegalArgumentException("a literal that does not end: " + source.substring(start));
    }
}
