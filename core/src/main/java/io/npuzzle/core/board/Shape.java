package io.npuzzle.core.board;

import java.util.Arrays;
import java.util.Locale;

/** Rows and columns of a rectangular board; each between {@link #MIN_SIDE} and {@link #MAX_SIDE}. */
public record Shape(int rows, int cols) {

    public static final int MIN_SIDE = 2;
    public static final int MAX_SIDE = 8;

    public Shape {
        checkSide("rows", rows);
        checkSide("cols", cols);
    }

    public static Shape of(int rows, int cols) {
        return new Shape(rows, cols);
    }

    /** A shape written as its rows and columns, such as {@code 4x5}: how the command line and settings name one. */
    public static Shape parse(CharSequence text) {
        String[] sides = text.toString().trim().toLowerCase(Locale.ROOT).split("x", -1);
        try {
            if (sides.length == 2) {
                return of(Integer.parseInt(sides[0].trim()), Integer.parseInt(sides[1].trim()));
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new BoardFormatException("'" + text + "' is not a shape such as 5x5");
    }

    static void checkSide(String name, int value) {
        if (value < MIN_SIDE || value > MAX_SIDE) {
            throw new BoardFormatException(
                    name + " must be between " + MIN_SIDE + " and " + MAX_SIDE + ", got " + value);
        }
    }

    /** Number of cells, blank included. */
    public int size() {
        return rows * cols;
    }

    public int row(int cell) {
        return cell / cols;
    }

    public int col(int cell) {
        return cell % cols;
    }

    /** Cell reached when the blank at {@code cell} moves in {@code move}'s direction, or -1 off the board. */
    public int neighbour(int cell, Move move) {
        int r = cell / cols + move.dRow();
        int c = cell % cols + move.dCol();
        return r < 0 || r >= rows || c < 0 || c >= cols ? -1 : r * cols + c;
    }

    /** Per cell and {@link Move#ordinal()}, the cell the blank there reaches by that move, or -1 off the board. */
    public int[][] neighbourByMove() {
        int[][] table = new int[size()][Move.all().length];
        for (int cell = 0; cell < table.length; cell++) {
            for (Move move : Move.all()) {
                table[cell][move.ordinal()] = neighbour(cell, move);
            }
        }
        return table;
    }

    /** Per cell, the cells the blank there can move to, in {@link Move} order. */
    public int[][] neighbourCells() {
        return neighbourTable(false);
    }

    /** Per cell, the {@link Move#ordinal()} of each entry of {@link #neighbourCells()}. */
    public int[][] neighbourMoves() {
        return neighbourTable(true);
    }

    private int[][] neighbourTable(boolean moves) {
        int n = size();
        int[][] table = new int[n][];
        for (int cell = 0; cell < n; cell++) {
            int[] row = new int[4];
            int count = 0;
            for (Move move : Move.all()) {
                int target = neighbour(cell, move);
                if (target >= 0) {
                    row[count++] = moves ? move.ordinal() : target;
                }
            }
            table[cell] = Arrays.copyOf(row, count);
        }
        return table;
    }

    /** Taxicab distance between two cells. */
    public int distance(int a, int b) {
        return Math.abs(a / cols - b / cols) + Math.abs(a % cols - b % cols);
    }

    @Override
    public String toString() {
        return rows + "x" + cols;
    }
}
