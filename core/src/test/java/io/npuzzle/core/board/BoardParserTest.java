package io.npuzzle.core.board;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BoardParserTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "2 3 4 1 5 x 7 6 8", "2,3,4,1,5,X,7,6,8", "2, 3, 4, 1, 5, _, 7, 6, 8", "  2 3 4\t1 5 0 7 6 8  ",
            "23415x768", "23415_768", "234150768"})
    void acceptsEverySeparatorAndBlankSpelling(String text) {
        Board board = BoardParser.parse(text, null, null);
        assertEquals(Shape.of(3, 3), board.shape());
        assertEquals("2 3 4 1 5 0 7 6 8", board.toString());
        assertEquals(5, board.blankIndex());
    }

    @Test
    void infersTheMissingSide() {
        assertEquals(Shape.of(2, 4), BoardParser.parse("0 1 2 3 4 5 6 7", 2, null).shape());
        assertEquals(Shape.of(4, 2), BoardParser.parse("0 1 2 3 4 5 6 7", null, 2).shape());
        assertEquals(Shape.of(4, 4), BoardParser.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", null, null).shape());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1 2 3 4 5 6 7 8        | 3 | 3 | expected 9 tiles for a 3x3 board, got 8 (missing the blank)",
            "1 2 3 4 5 6 7 x        | 3 | 3 | expected 9 tiles for a 3x3 board, got 8 (missing tile 8)",
            "1 2 3 4 5 6 7 8 x 9    | 3 | 3 | expected 9 tiles for a 3x3 board, got 10",
            "1 2 3 4 5 6 7 7 x      | 3 | 3 | duplicate tile 7",
            "1 2 3 4 5 6 7 x x      | 3 | 3 | more than one blank",
            "1 2 3 4 5 6 7 9 x      | 3 | 3 | tile 9 is out of range 1..8 for a 3x3 board",
            "1 2 3 4 5 6 7 8 -1     | 3 | 3 | unknown token '-1' (tiles are numbers; the blank is x, X, 0 or _)",
            "1 2 3 4 5 6 7 8 99999  | 3 | 3 | tile 99999 is out of range",
            "1 2 3 4 5 6 7 8 123x   | 3 | 3 | unknown token '123x' (tiles are numbers; the blank is x, X, 0 or _)",
            "1 2 3 4 5 6 7 8 x      | 9 | 1 | rows must be between 2 and 8, got 9",
            "1 2 3 4 5 6 7 8 x      | 3 | 1 | cols must be between 2 and 8, got 1",
            "1 2 3 4 5 6 7 x        |   |   | cannot infer the shape of 8 tiles: give rows and cols for a non-square board",
            "1 2 3 4 5 6 7 x        | 3 |   | 8 tiles do not fill a board with 3 rows",
    })
    void namesTheDefect(String text, Integer rows, Integer cols, String message) {
        BoardFormatException e = assertThrows(BoardFormatException.class, () -> BoardParser.parse(text, rows, cols));
        assertEquals(message, e.getMessage());
    }

    /** The separators are ASCII space, tab, CR, LF and comma; other spaces and controls belong to a token. */
    @ParameterizedTest
    @ValueSource(strings = {"1\u00a02 3 4 5 6 7 8 0", "1\u001c2 3 4 5 6 7 8 0", "1\u20032 3 4 5 6 7 8 0",
            "1\u000b2 3 4 5 6 7 8 0", "1\u000c2 3 4 5 6 7 8 0"})
    void onlyAsciiSpaceTabLineBreaksAndCommasSeparateTiles(String text) {
        BoardFormatException e = assertThrows(BoardFormatException.class, () -> BoardParser.parse(text, 3, 3));
        assertTrue(e.getMessage().startsWith("unknown token '1"), e.getMessage());
        assertEquals(Shape.of(3, 3), BoardParser.parse("1\r\n2\t3,4 5 6 7 8 0", 3, 3).shape());
    }

    @Test
    void textOfOtherSpacesOnlyIsAnUnknownTokenNotAnEmptyBoard() {
        BoardFormatException e = assertThrows(BoardFormatException.class,
                () -> BoardParser.parse("\u001c\u00a0", null, null));
        assertTrue(e.getMessage().startsWith("unknown token"), e.getMessage());
    }

    @Test
    void emptyAndOversizedTextAreRejected() {
        assertEquals("the board is empty",
                assertThrows(BoardFormatException.class, () -> BoardParser.parse("  ", null, null)).getMessage());
        String huge = "1 ".repeat(BoardParser.MAX_TEXT_LENGTH);
        assertTrue(assertThrows(BoardFormatException.class, () -> BoardParser.parse(huge, null, null))
                .getMessage().startsWith("the board text is longer than"));
        String many = "1 ".repeat(65);
        assertEquals("too many tiles: a board has at most 64",
                assertThrows(BoardFormatException.class, () -> BoardParser.parse(many, null, null)).getMessage());
    }

    @Test
    void echoesLongTokensBriefly() {
        String message = assertThrows(BoardFormatException.class,
                () -> BoardParser.parse("1 2 3 abcdefghijklmnopqrstuvwxyz 5 6 7 8 x", 3, 3)).getMessage();
        assertEquals("unknown token 'abcdefghijkl...' (tiles are numbers; the blank is x, X, 0 or _)", message);
    }

    @Test
    void goalErrorsSayTheyAreAboutTheGoal() {
        BoardFormatException e = assertThrows(BoardFormatException.class,
                () -> BoardParser.parseGoal("1 2 3 4 5 6 7 7 x", Shape.of(3, 3)));
        assertEquals("invalid goal: duplicate tile 7", e.getMessage());
        assertEquals(Board.solved(Shape.of(2, 3)), BoardParser.parseGoal(null, Shape.of(2, 3)));
    }
}
