package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
    void theLargeSetGives4x5CornerGoalsTwoSevenSixSixViewsWhoseSevenTilesFenceTheBlankIn() {
        Shape wide = Shape.of(4, 5);
        Shape tall = Shape.of(5, 4);
        for (Shape shape : List.of(wide, tall)) {
            for (int blank : new int[] {0, shape.cols() - 1, shape.size() - shape.cols(), shape.size() - 1}) {
                List<long[]> views = Partitions.views(shape, blank, DatabaseSet.LARGE);
                assertEquals(2, views.size(), shape + " blank " + blank);
                for (long[] view : views) {
                    assertEquals(List.of(7, 6, 6), List.of(Long.bitCount(view[0]), Long.bitCount(view[1]),
                            Long.bitCount(view[2])));
                    for (int neighbour : shape.neighbourCells()[blank]) {
                        assertTrue((view[0] & 1L << neighbour) != 0, "the blank's neighbours are in the seven");
                    }
                }
            }
        }
        assertTrue(Partitions.hasLargeSet(wide) && Partitions.hasLargeSet(tall) && Partitions.hasLargeSet(Shape.of(4, 4)));
        assertFalse(Partitions.hasLargeSet(Shape.of(3, 5)));
        assertEquals(Partitions.views(wide, 7, DatabaseSet.STANDARD).size(),
                Partitions.views(wide, 7, DatabaseSet.LARGE).size(), "off the corners both sets are the snakes");
    }

    @Test
    void theLargeSetGives5x5CornerGoalsTwoSixSixSixSixPartitionsAndTheirMirrorImages() {
        Shape shape = Shape.of(5, 5);
        assertTrue(Partitions.hasLargeSet(shape));
        for (int blank : new int[] {0, 4, 20, 24}) {
            List<long[]> standard = Partitions.views(shape, blank, DatabaseSet.STANDARD);
            List<long[]> large = Partitions.views(shape, blank, DatabaseSet.LARGE);
            assertEquals(2, standard.size());
            assertEquals(4, large.size(), "blank " + blank);
            assertArrayEquals(standard.get(0), large.get(0), "Korf and Felner's partition first");
            assertArrayEquals(standard.get(1), large.get(2), "and its mirror image");
            Set<Long> patterns = new HashSet<>();
            for (long[] view : large) {
                long covered = 0;
                for (long pattern : view) {
                    assertEquals(6, Long.bitCount(pattern));
                    assertEquals(0, covered & pattern, "patterns overlap");
                    covered |= pattern;
                    patterns.add(pattern);
                }
                assertEquals((1L << 25) - 1 & ~(1L << blank), covered, "every tile in one pattern");
            }
            assertEquals(16, patterns.size(), "sixteen patterns, no two alike");
        }
    }

    @Test
    void onlyShapesBeyondTheExactTablesAndWithinTwentyFiveCellsHaveDatabases() {
        assertFalse(Partitions.supports(Shape.of(3, 3)));
        assertFalse(Partitions.supports(Shape.of(2, 5)));
        assertTrue(Partitions.supports(Shape.of(2, 6)));
        assertTrue(Partitions.supports(Shape.of(5, 5)));
        assertFalse(Partitions.supports(Shape.of(5, 6)));
    }

    @Test
    void squaresOfSixToEightWithACornerBlankArePartitionedIntoTwoByTwoBlocksAndPairsAlongTheBlank() {
        for (int side = 6; side <= 8; side++) {
            Shape shape = Shape.of(side, side);
            for (int blank : new int[] {0, side - 1, side * (side - 1), side * side - 1}) {
                assertTrue(Partitions.guidesBeams(shape, blank));
                List<long[]> views = Partitions.views(shape, blank, DatabaseSet.STANDARD);
                assertEquals(1, views.size());
                long covered = 0;
                int blocks = 0;
                for (long pattern : views.get(0)) {
                    assertEquals(0, covered & pattern, shape + " blank " + blank + ": patterns overlap");
                    covered |= pattern;
                    int[] cells = new Pattern(shape, pattern).cells();
                    int rows = shape.row(cells[cells.length - 1]) - shape.row(cells[0]);
                    int cols = Math.abs(shape.col(cells[cells.length - 1]) - shape.col(cells[0]));
                    if (cells.length == 2) {
                        assertTrue(side % 2 == 1 && rows + cols == 1, "a pair of neighbours, on odd sides only");
                        assertTrue(shape.row(cells[0]) == shape.row(blank) || shape.col(cells[0]) == shape.col(blank),
                                "pairs lie along the blank");
                    } else {
                        assertTrue(rows <= 1 && cols <= 1, shape + ": " + pattern + " is no 2x2 block");
                        blocks++;
                    }
                }
                assertEquals(-1L >>> (64 - side * side) & ~(1L << blank), covered, shape + " blank " + blank);
                assertEquals((side / 2) * (side / 2), blocks);
            }
        }
    }

    @Test
    void onlyCornerBlanksOfSquaresFromSixToEightHaveBlocks() {
        assertFalse(Partitions.guidesBeams(Shape.of(6, 6), 7), "blank off the corners");
        assertFalse(Partitions.guidesBeams(Shape.of(6, 7), 0), "not a square");
        assertFalse(Partitions.guidesBeams(Shape.of(5, 5), 0), "the optimal searches' databases");
        assertThrows(IllegalArgumentException.class, () -> Partitions.views(Shape.of(8, 8), 9, DatabaseSet.STANDARD));
    }
}
