package io.npuzzle.containers;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks of a finished job's answer against the board it was asked about. */
final class Answers {

    private Answers() {
    }

    /**
     * The job is DONE with an answer marked optimal, of the given (published) optimal length, whose moves are
     * legal and take the board to its goal (the default goal when {@code goal} is null).
     */
    static void assertLegalAndOptimal(JsonNode job, String board, String goal, Shape shape, int optimalLength) {
        assertEquals("DONE", job.path("status").asText(), job.toString());
        JsonNode result = job.path("result");
        assertTrue(result.path("solvable").asBoolean(), "solvable: " + job);
        assertTrue(result.path("optimal").asBoolean(), "marked optimal: " + job);
        String moves = result.path("moves").asText();
        assertEquals(optimalLength, moves.length(), "moves of an optimal answer: " + job);
        assertEquals(optimalLength, result.path("length").asInt(), "length of an optimal answer: " + job);
        Board start = BoardParser.parse(board, shape);
        Board end;
        try {
            end = start.apply(moves);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("illegal moves " + moves + " for " + board + ": " + e.getMessage(), e);
        }
        assertEquals(BoardParser.parseGoal(goal, shape), end, "the moves " + moves + " reach the goal");
    }
}
