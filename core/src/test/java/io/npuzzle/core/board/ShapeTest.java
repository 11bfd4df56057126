package io.npuzzle.core.board;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShapeTest {

    @Test
    void neighboursByMoveNameTheCellReachedOrMinusOneOffTheBoard() {
        int[][] table = Shape.of(2, 3).neighbourByMove();
        // Cells 0 1 2 / 3 4 5; moves up, down, left, right.
        assertArrayEquals(new int[] {-1, 3, -1, 1}, table[0]);
        assertArrayEquals(new int[] {1, -1, 3, 5}, table[4]);
        assertArrayEquals(new int[] {-1, 5, 1, -1}, table[2]);
    }

    @Test
    void aShapeIsReadAsRowsByColumnsAndAnythingElseIsRefusedWithTheTextNamed() {
        assertEquals(Shape.of(4, 5), Shape.parse("4x5"));
        assertEquals(Shape.of(3, 8), Shape.parse(" 3X8 "));
        assertTrue(assertThrows(BoardFormatException.class, () -> Shape.parse("4 by 5")).getMessage()
                .contains("'4 by 5' is not a shape"));
        assertThrows(BoardFormatException.class, () -> Shape.parse("4x"));
        assertTrue(assertThrows(BoardFormatException.class, () -> Shape.parse("9x9")).getMessage()
                .contains("between 2 and 8"));
    }
}
