package io.npuzzle.cli;

import io.npuzzle.core.board.BoardFormatException;

/** Answers one non-empty input line with one output line. */
interface LineCommand {

    /**
     * @throws BoardFormatException for a malformed line; its message is shown as {@code error: <message>}
     */
    Reply answer(String line);
}
