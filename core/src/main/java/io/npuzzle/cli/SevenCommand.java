package io.npuzzle.cli;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.solve.Solver;

/** AOJ 0121 "Seven Puzzle": a 2x4 frame per line, goal {@code 0 1 2 3 4 5 6 7}, answered with the move count. */
final class SevenCommand implements LineCommand {

    private static final Shape SHAPE = Shape.of(2, 4);
    private static final Board GOAL = Board.blankFirst(SHAPE);

    private final Solver solver;

    SevenCommand(Solver solver) {
        this.solver = solver;
    }

    @Override
    public String answer(String line) {
        SolveResult result = solver.solve(new Puzzle(BoardParser.parse(line, SHAPE), GOAL));
        return result.solvable() ? Integer.toString(result.length()) : "unsolvable";
    }
}
