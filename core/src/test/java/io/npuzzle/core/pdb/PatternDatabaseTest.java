package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PatternDatabaseTest {

    @Test
    void thePositionalTableHoldsEveryRankedEntryAtItsCells() {
        Pattern pattern = new Pattern(Shape.of(4, 4), 0b0100_0000_0010_0001);
        PatternDatabase database = new PatternDatabaseBuilder(1).build(pattern);
        byte[] positional = database.positionalTable();
        assertEquals(16 * 16 * 16, positional.length);
        int[] cells = new int[3];
        for (int rank = 0; rank < pattern.entries(); rank++) {
            pattern.unrank(rank, cells);
            assertEquals(database.distance(rank), positional[(cells[0] * 16 + cells[1]) * 16 + cells[2]]);
        }
    }

    @Test
    void rejectsATableOfTheWrongSize() {
        Pattern pattern = new Pattern(Shape.of(3, 3), 0b11);
        assertThrows(IllegalArgumentException.class, () -> new PatternDatabase(pattern, new byte[7]));
    }
}
