package io.npuzzle.cli;

import io.npuzzle.core.board.BoardFormatException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;

/**
 * Judge-style I/O: every non-empty line of the input gets exactly one line of output, in order, errors
 * included. Output is flushed whenever no more input is waiting, so interactive use answers at once while
 * piped input is written in large blocks. Only malformed input becomes an {@code error:} line: anything else a
 * command throws is a fault of this program and ends the run.
 */
final class LineLoop {

    private LineLoop() {
    }

    /** Returns the number of lines left unanswered: malformed, or over budget. */
    static int run(LineCommand command, BufferedReader in, Writer out) throws IOException {
        int unanswered = 0;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            Reply reply;
            try {
                reply = command.answer(line);
            } catch (BoardFormatException e) {
                reply = Reply.unanswered("error: " + e.getMessage());
            }
            if (!reply.answered()) {
                unanswered++;
            }
            out.write(reply.text());
            out.write('\n');
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
        return unanswered;
    }
}
