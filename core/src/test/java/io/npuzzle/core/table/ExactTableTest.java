package io.npuzzle.core.table;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExactTableTest {

    @Test
    void knownDiameters() {
        // Published diameters of the state spaces: 31 for the 8-puzzle, 21 for 2x3, 36 for 2x4, 6 for 2x2.
        assertEquals(31, ExactTable.build(Shape.of(3, 3), 8).maxDistance());
        assertEquals(21, ExactTable.build(Shape.of(2, 3), 5).maxDistance());
        assertEquals(36, ExactTable.build(Shape.of(2, 4), 7).maxDistance());
        assertEquals(6, ExactTable.build(Shape.of(2, 2), 3).maxDistance());
    }

    @Test
    void coversBoardsUpToTenCells() {
        assertTrue(ExactTable.covers(Shape.of(2, 5)));
        assertTrue(ExactTable.covers(Shape.of(5, 2)));
        assertFalse(ExactTable.covers(Shape.of(3, 4)));
        assertFalse(ExactTable.covers(Shape.of(2, 6)));
    }

    @Test
    void tablesAreBuiltOncePerShapeAndBlank() {
        ExactTables tables = new ExactTables();
        assertSame(tables.get(Shape.of(2, 3), 0), tables.get(Shape.of(2, 3), 0));
    }
}
