package io.npuzzle.deploy;

import java.util.ArrayList;
import java.util.List;

/** The logical lines of a shell script or Dockerfile, as the shell and Docker read them. */
public final class LogicalLines {

    private LogicalLines() {
    }

    /** Lines without comments, blank lines or leading blanks, backslash continuations joined, blanks collapsed. */
    public static List<String> of(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        for (String line : text.split("\n")) {
            String trimmed = line.trim();
            if (trimmed.startsWith("#") || trimmed.isEmpty() && pending.isEmpty()) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                pending.append(trimmed, 0, trimmed.length() - 1).append(' ');
            } else {
                lines.add(pending.append(trimmed).toString().replaceAll("\\s+", " ").trim());
                pending.setLength(0);
            }
        }
        return lines;
    }
}
