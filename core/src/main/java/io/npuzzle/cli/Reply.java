package io.npuzzle.cli;

/**
 * The one output line for one input line, and whether it answers the line: a line over budget is answered with a
 * line of its own, the best answer found in it where there is one, but counts, like a malformed one, towards a
 * non-zero exit status.
 *
 * @param text     the output line
 * @param answered false when the line could not be answered as asked (malformed, or its budget ran out first)
 */
record Reply(String text, boolean answered) {

    static Reply answer(String text) {
        return new Reply(text, true);
    }

    static Reply unanswered(String text) {
        return new Reply(text, false);
    }
}
