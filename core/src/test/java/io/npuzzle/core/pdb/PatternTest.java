package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PatternTest {

    @Test
    void ranksArePerfectAndUnrankInverts() {
        for (Pattern pattern : new Pattern[] {
                new Pattern(Shape.of(4, 4), 0b1110), new Pattern(Shape.of(3, 3), 0b1_0110_1001)}) {
            int n = pattern.shape().size();
            int k = pattern.tileCount();
            int[] identity = new int[n];
            for (int i = 0; i < n; i++) {
                identity[i] = i;
            }
            int[] members = java.util.Arrays.copyOf(identity, k);
            boolean[] seen = new boolean[pattern.entries()];
            int[] cells = new int[k];
            for (int rank = 0; rank < pattern.entries(); rank++) {
                pattern.unrank(rank, cells);
                int used = 0;
                for (int cell : cells) {
                    assertTrue(cell >= 0 && cell < n && (used & (1 << cell)) == 0, "distinct cells on the board");
                    used |= 1 << cell;
                }
                assertEquals(rank, Pattern.rank(n, members, identity, cells));
                assertTrue(!seen[rank]);
                seen[rank] = true;
            }
        }
    }

    @Test
    void sizesAndCellOrder() {
        Pattern pattern = new Pattern(Shape.of(4, 4), 0b1011_0000_0000_0010);
        assertArrayEquals(new int[] {1, 12, 13, 15}, pattern.cells());
        assertEquals(16 * 15 * 14 * 13, pattern.entries());
        assertEquals("4x4-0000b002", pattern.key());
    }

    @Test
    void rejectsPatternsOffTheBoardOrTooLarge() {
        assertThrows(IllegalArgumentException.class, () -> new Pattern(Shape.of(3, 3), 1 << 9));
        assertThrows(IllegalArgumentException.class, () -> new Pattern(Shape.of(3, 3), 0));
        assertThrows(IllegalArgumentException.class, () -> new Pattern(Shape.of(4, 4), 0x1FF), "nine tiles on 4x4");
        assertThrows(IllegalArgumentException.class, () -> new Pattern(Shape.of(8, 8), 0x1FFL), "nine tiles on 8x8");
    }

    @Test
    void boardsOfUpToSixtyFourCellsHavePatternsNamedByTheirCells() {
        Pattern corner = new Pattern(Shape.of(8, 8), 1L << 63 | 1L << 62);
        assertEquals("8x8-c000000000000000", corner.key());
        assertArrayEquals(new int[] {62, 63}, corner.cells());
        assertEquals(64 * 63, corner.entries());
        assertEquals("5x5-000000e7", new Pattern(Shape.of(5, 5), 0xe7).key(), "as stored before larger boards");
    }
}
