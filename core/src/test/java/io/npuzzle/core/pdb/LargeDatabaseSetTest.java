package io.npuzzle.core.pdb;

import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.search.IdaStarSearch;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The 7-8 set on Korf's instances, when its databases are stored (bin/npuzzle databases --set 7-8 4x4 builds
 * them in minutes, which a test run does not): the published lengths, with fewer nodes than the 6-6-3 set.
 */
class LargeDatabaseSetTest {

    private static final Shape SHAPE = Shape.of(4, 4);
    private static final String[] KORF = {"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"};
    private static final int[] LENGTHS = {57, 65};

    @Test
    void theSevenEightSetFindsThePublishedLengthsWithFewerNodes() {
        PatternDatabaseStore store = new PatternDatabaseStore(DatabaseSettings.directory());
        for (long[] view : Partitions.views(SHAPE, 0, DatabaseSet.LARGE)) {
            for (long cells : view) {
                assumeTrue(store.contains(PdbHeuristic.canonical(SHAPE, 0, cells)),
                        "the 7-8 databases are not stored in " + store.directory());
            }
        }
        PatternDatabases databases = PatternDatabases.in(store.directory(), DatabaseSet.LARGE);
        PdbHeuristic large = databases.heuristicInSet(SHAPE, 0, DatabaseSet.LARGE);
        PdbHeuristic standard = TestDatabases.shared().heuristicInSet(SHAPE, 0, DatabaseSet.STANDARD);
        for (int i = 0; i < KORF.length; i++) {
            Puzzle puzzle = new Puzzle(BoardParser.parse(KORF[i], SHAPE), Board.blankFirst(SHAPE));
            SolveResult withLarge = solve(large, puzzle);
            SolveResult withStandard = solve(standard, puzzle);
            assertEquals(LENGTHS[i], withLarge.length());
            assertEquals(Board.blankFirst(SHAPE), puzzle.start().apply(withLarge.moves()));
            assertTrue(withLarge.expanded() < withStandard.expanded(),
                    withLarge.expanded() + " nodes with 7-8, " + withStandard.expanded() + " with 6-6-3");
        }
    }

    private static SolveResult solve(PdbHeuristic heuristic, Puzzle puzzle) {
        long now = System.nanoTime();
        return new IdaStarSearch(heuristic, null, 1).solve(puzzle.relabelledStart(), new Budget(SolveOptions.defaults(), now), now);
    }
}
