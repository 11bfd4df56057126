package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PartitionsTest {

    @Test
    void everyViewOfEveryShapeAndGoalBlankCoversEachOtherCellOnce() {
        for (int rows = Shape.MIN_SIDE; rows <= Shape.MAX_SIDE; rows++) {
            for (int cols = Shape.MIN_SIDE; cols <= Shape.MAX_SIDE; cols++) {
                Shape shape = Shape.of(rows, cols);
                if (!Partitions.supports(shape)) {
                    continue;
                }
                for (DatabaseSet set : DatabaseSet.values()) {
                    for (int blank = 0; blank < shape.size(); blank++) {
                        List<long[]> views = Partitions.views(shape, blank, set);
                        assertFalse(views.isEmpty());
                        for (long[] view : views) {
                            long covered = 0;
                            for (long pattern : view) {
                                assertEquals(0, covered & pattern, shape + " blank " + blank + ": patterns overlap");
                                covered |= pattern;
                                PdbHeuristic.canonical(shape, blank, pattern); // a pattern whose database may be built
                            }
                            assertEquals((1L << shape.size()) - 1 & ~(1L << blank), covered, shape + " blank " + blank);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theShapesOfTheIssueGetLargePatternsAndSeveralViews() {
        assertEquals(8, Partitions.patternSize(Shape.of(3, 4)));
        assertEquals(7, Partitions.patternSize(Shape.of(3, 5)));
        assertEquals(7, Partitions.patternSize(Shape.of(2, 7)));
        assertEquals(6, Partitions.patternSize(Shape.of(4, 5)));
        assertEquals(4, Partitions.views(Shape.of(4, 5), 19, DatabaseSet.STANDARD).size());
        assertEquals(4, Partitions.views(Shape.of(5, 4), 0, DatabaseSet.STANDARD).size(), "transposed, flipped");
        assertEquals(2, Partitions.views(Shape.of(4, 5), 7, DatabaseSet.STANDARD).size(), "snakes off the corners");
        List<long[]> korfFelner = Partitions.views(Shape.of(5, 5), 0, DatabaseSet.STANDARD);
        assertEquals(2, korfFelner.size(), "6-6-6-6 and its reflection");
        for (long pattern : korfFelner.get(0)) {
            assertEquals(6, Long.bitCount(pattern));
        }
        List<long[]> sevenEight = Partitions.views(Shape.of(4, 4), 15, DatabaseSet.LARGE);
        assertEquals(2, sevenEight.size());
        assertEquals(7, Long.bitCount(sevenEight.get(0)[0]));
        assertEquals(8, Long.bitCount(sevenEight.get(0)[1]));
    }

    @Test
    void onlyShapesBeyondTheExactTablesAndWithinTwentyFiveCellsHaveDatabases() {
        assertFalse(Partitions.supports(Shape.of(3, 3)));
        assertFalse(Partitions.supports(Shape.of(2, 5)));
        assertTrue(Partitions.supports(Shape.of(2, 6)));
        assertTrue(Partitions.supports(Shape.of(5, 5)));
        assertFalse(Partitions.supports(Shape.of(5, 6)));
    }
}
