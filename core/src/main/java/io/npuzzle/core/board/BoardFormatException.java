package io.npuzzle.core.board;

/** A board, goal or shape that cannot be accepted; the message names the defect for the user. */
public class BoardFormatException extends IllegalArgumentException {

    public BoardFormatException(String message) {
        super(message);
    }
}
