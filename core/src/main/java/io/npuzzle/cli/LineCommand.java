package io.npuzzle.cli;

/** Answers one non-empty input line with one output line. */
interface LineCommand {

    /**
     * @throws IllegalArgumentException for a malformed line; its message is shown as {@code error: <message>}
     */
    String answer(String line);
}
