package io.npuzzle.core.board;

import java.util.Arrays;

/** An immutable arrangement of tiles 1..N-1 and one blank (0) on a {@link Shape}. */
public final class Board {

    private final Shape shape;
    private final byte[] tiles;
    private final int blank;

    private Board(Shape shape, byte[] tiles) {
        this.shape = shape;
        this.tiles = tiles;
        this.blank = cellOf(tiles, 0);
    }

    /**
     * A board from tiles in row-major order, 0 for the blank.
     *
     * @throws BoardFormatException when the tiles are not exactly 0..N-1 for the shape
     */
    public static Board of(Shape shape, int... tiles) {
        int n = shape.size();
        if (tiles.length != n) {
            throw new BoardFormatException("expected " + n + " tiles for a " + shape + " board, got "
                    + tiles.length + missingTiles(tiles, n));
        }
        byte[] packed = new byte[n];
        boolean[] seen = new boolean[n];
        for (int i = 0; i < n; i++) {
            int tile = tiles[i];
            if (tile < 0 || tile >= n) {
                throw new BoardFormatException(
                        "tile " + tile + " is out of range 1.." + (n - 1) + " for a " + shape + " board");
            }
            if (seen[tile]) {
                throw new BoardFormatException(tile == 0 ? "more than one blank" : "duplicate tile " + tile);
            }
            seen[tile] = true;
            packed[i] = (byte) tile;
        }
        return new Board(shape, packed);
    }

    /** The default goal: 1..N-1 row by row, blank last. */
    public static Board solved(Shape shape) {
        int n = shape.size();
        byte[] tiles = new byte[n];
        for (int i = 0; i < n - 1; i++) {
            tiles[i] = (byte) (i + 1);
        }
        return new Board(shape, tiles);
    }

    /** The blank-first goal 0 1 2 ... N-1 used by AOJ 0121 and Korf's 15-puzzle instances. */
    public static Board blankFirst(Shape shape) {
        int n = shape.size();
        byte[] tiles = new byte[n];
        for (int i = 0; i < n; i++) {
            tiles[i] = (byte) i;
        }
        return new Board(shape, tiles);
    }

    public Shape shape() {
        return shape;
    }

    public int size() {
        return tiles.length;
    }

    public int tileAt(int cell) {
        return tiles[cell];
    }

    public int blankIndex() {
        return blank;
    }

    /** A copy of the tiles in row-major order. */
    public int[] tiles() {
        int[] copy = new int[tiles.length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = tiles[i];
        }
        return copy;
    }

    /** A copy of the tiles as bytes, for search code that works on primitive arrays. */
    public byte[] tileBytes() {
        return tiles.clone();
    }

    /**
     * The board after the given move letters.
     *
     * @throws IllegalArgumentException for an unknown letter or a move off the board
     */
    public Board apply(CharSequence moves) {
        byte[] next = tiles.clone();
        play(shape, next, blank, moves, 0, moves.length());
        return new Board(shape, next);
    }

    /**
     * Plays {@code moves[first, last)} on {@code tiles} of a board of {@code shape} whose blank is on
     * {@code blank}, in place; returns the blank's cell after them.
     *
     * @throws IllegalArgumentException for an unknown letter or a move off the board
     */
    public static int play(Shape shape, byte[] tiles, int blank, CharSequence moves, int first, int last) {
        for (int i = first; i < last; i++) {
            Move move = Move.ofLetter(moves.charAt(i));
            int target = shape.neighbour(blank, move);
            if (target < 0) {
                throw new IllegalArgumentException(
                        "move " + (i + 1) + " ('" + move.letter() + "') leaves the board");
            }
            tiles[blank] = tiles[target];
            tiles[target] = 0;
            blank = target;
        }
        return blank;
    }

    /** Tiles separated by single spaces, blank as 0: the normalised text form. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(tiles.length * 3);
        for (int i = 0; i < tiles.length; i++) {
            if (i > 0) {
                out.append(' ');
            }
            out.append(tiles[i]);
        }
        return out.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Board board && shape.equals(board.shape) && Arrays.equals(tiles, board.tiles);
    }

    @Override
    public int hashCode() {
        return 31 * shape.hashCode() + Arrays.hashCode(tiles);
    }

    /** Names what a too-short tile list lacks, when it is a few plain omissions. */
    private static String missingTiles(int[] tiles, int n) {
        if (tiles.length >= n) {
            return "";
        }
        boolean[] seen = new boolean[n];
        for (int tile : tiles) {
            if (tile < 0 || tile >= n || seen[tile]) {
                return "";
            }
            seen[tile] = true;
        }
        StringBuilder missing = new StringBuilder();
        for (int tile = 0; tile < n; tile++) {
            if (!seen[tile]) {
                missing.append(missing.length() == 0 ? "" : ", ").append(tile == 0 ? "the blank" : "tile " + tile);
            }
        }
        return n - tiles.length <= 3 ? " (missing " + missing + ")" : "";
    }

    /** The cell of {@code tiles} that holds {@code tile}, which must be present. */
    public static int cellOf(byte[] tiles, int tile) {
        for (int cell = 0; cell < tiles.length; cell++) {
            if (tiles[cell] == tile) {
                return cell;
            }
        }
        throw new IllegalArgumentException("no tile " + tile);
    }
}
