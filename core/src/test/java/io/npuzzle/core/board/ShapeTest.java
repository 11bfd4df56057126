package io.npuzzle.core.board;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class ShapeTest {

    @Test
    void neighboursByMoveNameTheCellReachedOrMinusOneOffTheBoard() {
        int[][] table = Shape.of(2, 3).neighbourByMove();
        // Cells 0 1 2 / 3 4 5; moves up, down, left, right.
        assertArrayEquals(new int[] {-1, 3, -1, 1}, table[0]);
        assertArrayEquals(new int[] {1, -1, 3, 5}, table[4]);
        assertArrayEquals(new int[] {-1, 5, 1, -1}, table[2]);
    }
}
