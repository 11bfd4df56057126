package io.npuzzle.core.board;

import java.util.Arrays;

/**
 * Reads boards written as tiles separated by ASCII spaces, tabs, line breaks (CR, LF) and/or commas, the blank as
 * {@code x}, {@code X}, {@code 0} or {@code _}; a 3x3 board may also be nine characters without separators
 * ({@code 23415x768}). Any other character, other spaces and controls included, belongs to a token, and tiles are
 * ASCII digits. Every front end (CLI, REST, worker) goes through here, so users see the same messages everywhere;
 * the web page's {@code board-text.js} follows the same rules.
 */
public final class BoardParser {

    /** Longest text accepted; an 8x8 board with generous separators fits well within it. */
    public static final int MAX_TEXT_LENGTH = 1024;
    private static final int MAX_TOKEN_ECHO = 12;
    private static final int COMPACT_LENGTH = 9;
    private static final int MAX_TILES = Shape.MAX_SIDE * Shape.MAX_SIDE;

    private BoardParser() {
    }

    /**
     * Parses a board whose shape is given in full, in part, or not at all (then it must be square).
     *
     * @param rows null when unknown
     * @param cols null when unknown
     */
    public static Board parse(String text, Integer rows, Integer cols) {
        int[] tiles = tokens(text, rows, cols);
        return Board.of(inferShape(tiles.length, rows, cols), tiles);
    }

    public static Board parse(String text, Shape shape) {
        return parse(text, shape.rows(), shape.cols());
    }

    /** Parses a goal for a board of the given shape; the default goal when the text is null or blank. */
    public static Board parseGoal(String text, Shape shape) {
        if (text == null || isSpace(text)) {
            return Board.solved(shape);
        }
        try {
            return parse(text, shape);
        } catch (BoardFormatException e) {
            throw new BoardFormatException("invalid goal: " + e.getMessage());
        }
    }

    private static int[] tokens(String text, Integer rows, Integer cols) {
        if (text == null || isSpace(text)) {
            throw new BoardFormatException("the board is empty");
        }
        if (text.length() > MAX_TEXT_LENGTH) {
            throw new BoardFormatException("the board text is longer than " + MAX_TEXT_LENGTH + " characters");
        }
        String stripped = stripSpace(text);
        if (compactAllowed(stripped, rows, cols)) {
            int[] tiles = new int[COMPACT_LENGTH];
            for (int k = 0; k < COMPACT_LENGTH; k++) {
                tiles[k] = tile(stripped, k, k + 1);
            }
            return tiles;
        }
        int[] tiles = new int[MAX_TILES];
        int count = 0;
        int length = text.length();
        int i = 0;
        while (i < length) {
            if (isSeparator(text.charAt(i))) {
                i++;
                continue;
            }
            int end = i;
            while (end < length && !isSeparator(text.charAt(end))) {
                end++;
            }
            if (count == MAX_TILES) {
                throw new BoardFormatException("too many tiles: a board has at most " + MAX_TILES);
            }
            tiles[count++] = tile(text, i, end);
            i = end;
        }
        return Arrays.copyOf(tiles, count);
    }

    private static boolean isSeparator(char c) {
        return c == ',' || isSpace(c);
    }

    /** Java's and JavaScript's notions of white space differ (U+001C, U+00A0), so the parsers name their own. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isSpace(String text) {
        return text.chars().allMatch(c -> isSpace((char) c));
    }

    private static String stripSpace(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && isSpace(text.charAt(from))) {
            from++;
        }
        while (to > from && isSpace(text.charAt(to - 1))) {
            to--;
        }
        return text.substring(from, to);
    }

    /** Nine characters without any separator, on a board that may be 3x3. */
    private static boolean compactAllowed(String word, Integer rows, Integer cols) {
        if (word.length() != COMPACT_LENGTH || (rows != null && rows != 3) || (cols != null && cols != 3)) {
            return false;
        }
        for (int k = 0; k < COMPACT_LENGTH; k++) {
            if (isSeparator(word.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    private static int tile(String text, int from, int to) {
        if (to - from == 1 && "xX_".indexOf(text.charAt(from)) >= 0) {
            return 0;
        }
        for (int k = from; k < to; k++) {
            char c = text.charAt(k);
            if (c < '0' || c > '9') {
                throw new BoardFormatException("unknown token '" + echo(text.substring(from, to))
                        + "' (tiles are numbers; the blank is x, X, 0 or _)");
            }
        }
        int value = 0;
        for (int k = from; k < to; k++) {
            value = value * 10 + (text.charAt(k) - '0');
            if (value > MAX_TILES) {
                throw new BoardFormatException("tile " + echo(text.substring(from, to)) + " is out of range");
            }
        }
        return value;
    }

    private static Shape inferShape(int count, Integer rows, Integer cols) {
        if (rows != null && cols != null) {
            return Shape.of(rows, cols);
        }
        if (rows != null) {
            Shape.checkSide("rows", rows);
            checkFills(count, rows, "rows");
            return Shape.of(rows, count / rows);
        }
        if (cols != null) {
            Shape.checkSide("cols", cols);
            checkFills(count, cols, "columns");
            return Shape.of(count / cols, cols);
        }
        int side = (int) Math.round(Math.sqrt(count));
        if (side * side != count) {
            throw new BoardFormatException(
                    "cannot infer the shape of " + count + " tiles: give rows and cols for a non-square board");
        }
        return Shape.of(side, side);
    }

    private static void checkFills(int count, int side, String what) {
        if (count % side != 0) {
            throw new BoardFormatException(count + " tiles do not fill a board with " + side + " " + what);
        }
    }

    /** Echoes at most a few characters of user input, so messages and logs stay bounded. */
    static String echo(String word) {
        String shown = word.length() > MAX_TOKEN_ECHO ? word.substring(0, MAX_TOKEN_ECHO) + "..." : word;
        StringBuilder safe = new StringBuilder(shown.length());
        shown.codePoints().forEach(cp -> safe.appendCodePoint(Character.isISOControl(cp) ? '?' : cp));
        return safe.toString();
    }
}
