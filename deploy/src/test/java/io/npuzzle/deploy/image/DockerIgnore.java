package io.npuzzle.deploy.image;

import io.npuzzle.deploy.Repository;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The repository's .dockerignore, matched as Docker matches it: the last pattern that matches a path or a parent decides. */
public final class DockerIgnore {

    /** One line: a path pattern, and whether it lets a path back in ({@code !pattern}). */
    public record Rule(String pattern, boolean exception, Pattern regex) {

        boolean matchesOrParentMatches(String path) {
            if (regex.matcher(path).matches()) {
                return true;
            }
            for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
                if (regex.matcher(path.substring(0, slash)).matches()) {
                    return true;
                }
            }
            return false;
        }
    }

    private final List<Rule> rules;

    private DockerIgnore(List<Rule> rules) {
        this.rules = rules;
    }

    public static DockerIgnore read() {
        return parse(Repository.read(".dockerignore"));
    }

    public static DockerIgnore parse(String text) {
        List<Rule> rules = new ArrayList<>();
        for (String line : text.split("\n")) {
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            boolean exception = trimmed.startsWith("!");
            String pattern = clean(exception ? trimmed.substring(1).trim() : trimmed);
            rules.add(new Rule(pattern, exception, regex(pattern)));
        }
        return new DockerIgnore(rules);
    }

    public List<Rule> rules() {
        return rules;
    }

    /** Whether the build context leaves out this path (relative to the context, '/'-separated). */
    public boolean excludes(String path) {
        String cleaned = clean(path);
        boolean excluded = false;
        for (Rule rule : rules) {
            if (rule.matchesOrParentMatches(cleaned)) {
                excluded = !rule.exception();
            }
        }
        return excluded;
    }

    private static String clean(String pattern) {
        String cleaned = pattern.replaceAll("/+", "/");
        while (cleaned.startsWith("/") || cleaned.startsWith("./")) {
            cleaned = cleaned.substring(cleaned.startsWith("/") ? 1 : 2);
        }
        while (cleaned.endsWith("/") && cleaned.length() > 1) {
            cleaned = cleaned.substring(0, cleaned.length() - 1);
        }
        return cleaned;
    }

    /** Go's filepath.Match syntax with Docker's {@code **} (any number of directories). */
    private static Pattern regex(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
                boolean slash = i + 2 < pattern.length() && pattern.charAt(i + 2) == '/';
                regex.append(slash ? "(?:.*/)?" : ".*");
                i += slash ? 2 : 1;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else if (c == '[') {
                int end = pattern.indexOf(']', i);
                regex.append(pattern, i, end + 1);
                i = end;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
