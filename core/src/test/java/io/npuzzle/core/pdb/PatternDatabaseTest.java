package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    /** An unbuilt database of the pattern's size: enough to ask which tables it may have. */
    private static PatternDatabase empty(Shape shape, int cellMask) {
        Pattern pattern = new Pattern(shape, cellMask);
        return new PatternDatabase(pattern, new byte[PatternDatabase.bytesFor(pattern.entries())]);
    }

    @Test
    void sixTilePatternsUpTo5x5HavePositionalTablesAndSparseOnesDoNot() {
        assertTrue(empty(Shape.of(4, 4), 0b11_1111).hasPositionalTable(), "6 of 16 cells: always");
        assertTrue(empty(Shape.of(4, 5), 0b11_1111).hasPositionalTable(), "6 of 20: 2.3 entries per placement");
        assertTrue(empty(Shape.of(5, 5), 0b11_1111).hasPositionalTable(), "6 of 25: 1.9 entries per placement");
        assertFalse(empty(Shape.of(3, 5), 0b111_1111).hasPositionalTable(), "7 of 15: 5 entries per placement");
        assertFalse(empty(Shape.of(4, 4), 0b111_1111).hasPositionalTable(), "7 of 16: over 25^6 entries");
    }

    @Test
    void smallPositionalTablesAreAlwaysReadSoAndSparseOnesNever() {
        assertTrue(empty(Shape.of(4, 4), 0b11_1111).readsPositionally());
        assertFalse(empty(Shape.of(3, 5), 0b111_1111).readsPositionally());
    }

    @Test
    void aBudgetGrantsTablesWhileTheyFitAndTakesNothingForOneThatDoesNot() {
        PositionalTableBudget budget = new PositionalTableBudget(100);

        assertTrue(budget.reserve(60));
        assertFalse(budget.reserve(60), "60 more would make 120");
        assertTrue(budget.reserve(40), "the refused 60 took nothing");
        assertFalse(budget.reserve(1));
    }

    @Test
    void rejectsATableOfTheWrongSize() {
        Pattern pattern = new Pattern(Shape.of(3, 3), 0b11);
        assertThrows(IllegalArgumentException.class, () -> new PatternDatabase(pattern, new byte[7]));
    }
}
