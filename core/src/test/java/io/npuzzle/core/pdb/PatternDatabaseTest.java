package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PatternDatabaseTest {

    /** Each placement's entry, at the index its cells give, is half its distance beyond the taxicab distance. */
    @Test
    void thePositionalTableHoldsEveryRankedEntryAtItsCells() {
        Shape shape = Shape.of(4, 4);
        Pattern pattern = new Pattern(shape, 0b0100_0000_0010_0001);
        PatternDatabase database = new PatternDatabaseBuilder(1).build(pattern);
        byte[] excess = database.positionalTable();
        assertEquals(16 * 16 * 16 / 2, excess.length);
        int[] goals = pattern.cells();
        int[] cells = new int[3];
        int largest = 0;
        for (int rank = 0; rank < pattern.entries(); rank++) {
            pattern.unrank(rank, cells);
            int manhattan = 0;
            for (int i = 0; i < 3; i++) {
                manhattan += shape.distance(cells[i], goals[i]);
            }
            int entry = PatternDatabase.entryAt(excess, (cells[0] * 16 + cells[1]) * 16 + cells[2]);
            assertEquals(database.entry(rank), entry);
            assertEquals(database.distance(rank), manhattan + 2 * entry);
            largest = Math.max(largest, entry);
        }
        assertTrue(largest > 0, "some placements need more than their taxicab distance");
    }

    @Test
    void rejectsATableOfTheWrongSize() {
        Pattern pattern = new Pattern(Shape.of(3, 3), 0b11);
        assertThrows(IllegalArgumentException.class, () -> new PatternDatabase(pattern, new byte[7]));
    }
}
