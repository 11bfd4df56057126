package io.npuzzle.core.board;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PuzzleTest {

    @Test
    void relabellingMakesTheGoalCanonical() {
        Shape shape = Shape.of(2, 3);
        Board goal = BoardParser.parse("5 0 3 1 4 2", shape);
        Puzzle atGoal = new Puzzle(goal, goal);
        byte[] labels = atGoal.relabelledStart();
        for (int cell = 0; cell < shape.size(); cell++) {
            assertEquals(Puzzle.canonicalLabel(cell, 1), labels[cell]);
            assertEquals(cell, Puzzle.canonicalGoalCell(labels[cell], 1));
        }
    }

    @Test
    void canonicalKeyIsSharedByPuzzlesWithTheSameSolutions() {
        Shape shape = Shape.of(3, 3);
        Board goalA = Board.solved(shape);
        Board goalB = BoardParser.parse("8 7 6 5 4 3 2 1 0", shape);
        Puzzle a = new Puzzle(goalA.apply("ulur"), goalA);
        Puzzle b = new Puzzle(goalB.apply("ulur"), goalB);
        assertEquals(a.canonicalKey(), b.canonicalKey());
        assertNotEquals(a.canonicalKey(), new Puzzle(goalA.apply("ul"), goalA).canonicalKey());
    }

    @Test
    void parityMatchesTheClassicRules() {
        Shape square = Shape.of(3, 3);
        assertTrue(Puzzle.of(BoardParser.parse("2 3 4 1 5 x 7 6 8", square)).isSolvable());
        assertFalse(Puzzle.of(BoardParser.parse("1 2 3 4 5 6 8 7 x", square)).isSolvable());
        Shape wide = Shape.of(4, 4);
        // Even width: swapping two tiles is unsolvable, moving the blank up a row keeps it solvable.
        assertFalse(Puzzle.of(BoardParser.parse("2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0", wide)).isSolvable());
        assertTrue(Puzzle.of(BoardParser.parse("1 2 3 4 5 6 7 8 9 10 11 0 13 14 15 12", wide)).isSolvable());
    }

    @Test
    void goalOfAnotherShapeIsRejected() {
        BoardFormatException e = assertThrows(BoardFormatException.class,
                () -> new Puzzle(Board.solved(Shape.of(3, 3)), Board.solved(Shape.of(2, 4))));
        assertEquals("invalid goal: the goal is 2x4 but the board is 3x3", e.getMessage());
    }

    @Test
    void movesFollowTheBlank() {
        Board board = BoardParser.parse("1 2 3 4 x 5 6 7 8", Shape.of(3, 3));
        assertEquals("1 2 3 4 5 0 6 7 8", board.apply("r").toString());
        assertEquals("1 0 3 4 2 5 6 7 8", board.apply("u").toString());
        assertEquals("move 2 ('u') leaves the board",
                assertThrows(IllegalArgumentException.class, () -> board.apply("uu")).getMessage());
        assertEquals("unknown move 'q' (expected u, d, l or r)",
                assertThrows(IllegalArgumentException.class, () -> board.apply("q")).getMessage());
    }
}
