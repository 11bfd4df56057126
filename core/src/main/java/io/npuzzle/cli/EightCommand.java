package io.npuzzle.cli;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.solve.Solver;

/** HDU 1043 / POJ 1077 "Eight": a 3x3 board per line, answered with shortest moves or {@code unsolvable}. */
final class EightCommand implements LineCommand {

    private static final Shape SHAPE = Shape.of(3, 3);
    private static final Board GOAL = Board.solved(SHAPE);

    private final Solver solver;

    EightCommand(Solver solver) {
        this.solver = solver;
    }

    @Override
    public String answer(String line) {
        SolveResult result = solver.solve(new Puzzle(BoardParser.parse(line, SHAPE), GOAL));
        return result.solvable() ? result.moves() : "unsolvable";
    }
}
