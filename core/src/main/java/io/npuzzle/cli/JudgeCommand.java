package io.npuzzle.cli;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.solve.Solver;

import java.util.function.Function;

/** A classic judge problem: a fixed shape and goal, one board per line, a fixed answer format. */
final class JudgeCommand implements LineCommand {

    private final Solver solver;
    private final Shape shape;
    private final Board goal;
    private final Function<SolveResult, String> format;

    private JudgeCommand(Solver solver, Board goal, Function<SolveResult, String> format) {
        this.solver = solver;
        this.shape = goal.shape();
        this.goal = goal;
        this.format = format;
    }

    /** HDU 1043 / POJ 1077 "Eight": 3x3 towards 1..8 then the blank; shortest moves or {@code unsolvable}. */
    static JudgeCommand eight(Solver solver) {
        return new JudgeCommand(solver, Board.solved(Shape.of(3, 3)),
                result -> result.solvable() ? result.moves() : "unsolvable");
    }

    /** AOJ 0121 "Seven Puzzle": 2x4 towards {@code 0 1 2 3 4 5 6 7}; the minimum number of moves. */
    static JudgeCommand seven(Solver solver) {
        return new JudgeCommand(solver, Board.blankFirst(Shape.of(2, 4)),
                result -> result.solvable() ? Integer.toString(result.length()) : "unsolvable");
    }

    @Override
    public Reply answer(String line) {
        // Judge shapes are answered from exact tables: there is no budget to run out of.
        return Reply.answer(format.apply(solver.solve(new Puzzle(BoardParser.parse(line, shape), goal))));
    }
}
