package io.npuzzle.core.board;

/**
 * A move in the HDU 1043 convention: the letter names the direction the blank travels,
 * so {@code r} swaps the blank with its right-hand neighbour.
 */
public enum Move {
    UP('u', -1, 0),
    DOWN('d', 1, 0),
    LEFT('l', 0, -1),
    RIGHT('r', 0, 1);

    private static final Move[] VALUES = values();

    private final char letter;
    private final int dRow;
    private final int dCol;

    Move(char letter, int dRow, int dCol) {
        this.letter = letter;
        this.dRow = dRow;
        this.dCol = dCol;
    }

    public char letter() {
        return letter;
    }

    public int dRow() {
        return dRow;
    }

    public int dCol() {
        return dCol;
    }

    public Move opposite() {
        return VALUES[ordinal() ^ 1];
    }

    /** All moves in their fixed order; callers must not modify the array. */
    public static Move[] all() {
        return VALUES;
    }

    public static Move ofLetter(char letter) {
        for (Move move : VALUES) {
            if (move.letter == letter) {
                return move;
            }
        }
        throw new IllegalArgumentException("unknown move '" + letter + "' (expected u, d, l or r)");
    }
}
