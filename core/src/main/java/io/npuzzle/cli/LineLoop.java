package io.npuzzle.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;

/**
 * Judge-style I/O: every non-empty line of the input gets exactly one line of output, in order, errors
 * included. Output is flushed whenever no more input is waiting, so interactive use answers at once while
 * piped input is written in large blocks.
 */
final class LineLoop {

    private LineLoop() {
    }

    /** Returns the number of lines answered with an error. */
    static int run(LineCommand command, BufferedReader in, Writer out) throws IOException {
        int errors = 0;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            String answer;
            try {
                answer = command.answer(line);
            } catch (IllegalArgumentException e) {
                answer = "error: " + e.getMessage();
                errors++;
            }
            out.write(answer);
            out.write('\n');
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
        return errors;
    }
}
