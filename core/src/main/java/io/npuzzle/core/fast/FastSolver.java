package io.npuzzle.core.fast;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.search.AStarSearch;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.search.IdaStarSearch;
import io.npuzzle.core.search.Incumbent;
import io.npuzzle.core.search.ManhattanLinearConflict;
import io.npuzzle.core.search.PdbStateEstimate;
import io.npuzzle.core.search.SearchThreads;
import io.npuzzle.core.table.ExactTable;
import io.npuzzle.core.table.ExactTables;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * FAST answers: the board reduced row by row and column by column ({@link ReductionSolver}) until a region that
 * stored databases cover (finished by weighted IDA* with falling weights, or optimally on 4x4) or an exact table
 * is left, choosing the last lines also for the estimate of the region they leave. With a second core, two such
 * reductions with differently keyed beams run at once and the shorter answer is kept; with more time than a
 * second, rounds of wider beams follow, keeping the shortest answer so far (an anytime scheme), or, on a board no
 * beam places, lower weights and an optimal search below the answer. Thread-safe.
 */
public final class FastSolver {

    private static final Strategy EXACT_TABLE = Strategy.of(Algorithm.EXACT_TABLE);
    /** Moves each pass of shortening adds to its windows, up to {@code MOST_WINDOW}. */
    private static final int WINDOW_GROWTH = 12;
    private static final int MOST_WINDOW = 96;
    /** Nodes a window's search may take at most: each pass doubles them up to this. */
    private static final long MOST_WINDOW_NODES = 50_000_000;

    private final ExactTables tables;
    private final PatternDatabases databases;
    private final FastTuning tuning;
    private final ExecutorService searchPool;
    private final int threads;
    /** Runs the second reduction of an answer, one at a time per core beyond the caller's. */
    private final ExecutorService secondReductions;

    /**
     * @param searchPool threads a region's search may use beside the caller's, or null
     * @param threads    threads a region's search may use, the caller's included
     */
    public FastSolver(ExactTables tables, PatternDatabases databases, FastTuning tuning, ExecutorService searchPool,
                      int threads) {
        this.tables = tables;
        this.databases = databases;
        this.tuning = tuning;
        this.searchPool = searchPool;
        this.threads = threads;
        this.secondReductions = SearchThreads.pool(threads - 1);
    }

    /**
     * A legal answer for a solvable unsolved puzzle, within the options' time counted from
     * {@code started}, less the margin the tuning keeps ({@link FastTuning#marginMillis}): rounds as
     * {@link RoundSchedule} cuts that time, each reducing the board with beam keys of its own, the shortest answer
     * kept; then, while time is left, that answer shortened by longer windows. Each round runs two reductions with
     * different keys when another core is free ({@code bench/fast} prints the lengths either way). A round given
     * no time still answers, by lines placed pair by pair and an exact table.
     *
     * @param optimalWholeBoard false when an optimal search of the whole board takes this answer as its quick
     *                          answer, so that the finisher leaves that search to it and tries only weighted ones
     * @param started           when the solve began: answers report their time since, and its deadline counts from it
     */
    public SolveResult solve(Puzzle puzzle, SolveOptions options, boolean optimalWholeBoard, long started) {
        boolean byBeams = ReductionSolver.placesByBeams(puzzle.shape());
        long givenMillis = options.maxMillis();
        RoundSchedule schedule = new RoundSchedule(started, givenMillis - tuning.marginMillis(givenMillis),
                puzzle.shape());
        SolveResult best = null;
        for (RoundSchedule.Round round = schedule.next(System.nanoTime()); round != null;
             round = schedule.next(System.nanoTime())) {
            SolveResult other = round(puzzle, options, optimalWholeBoard, started, round.millis(), round.index(),
                    byBeams);
            best = best == null || other.isSolved() && other.length() < best.length() ? other : best;
            if (!best.isSolved() || options.cancelled().getAsBoolean()) {
                break;
            }
        }
        if (byBeams && best.isSolved() && schedule.leavesTimeToShorten(System.nanoTime())) {
            best = deeplyShortened(puzzle, best, schedule.deadlineNanos(), options);
        }
        return options.cancelled().getAsBoolean()
                ? SolveResult.unsolved(Outcome.CANCELLED, null, best.expanded(), System.nanoTime() - started,
                        best.strategy())
                : certified(puzzle, best).withNanos(System.nanoTime() - started);
    }

    /**
     * A solved answer not proven shortest, with the least length proven and the factor its length is within of it.
     * The least length is the largest of three admissible estimates of the start, raised to the answer's parity,
     * which every answer of the board shares: Manhattan distance plus linear conflicts (Hansson, Mayer and Yung
     * 1992), the board's additive databases where they are in memory (Korf and Felner 2002; on 6x6 to 8x8 its
     * 2x2 blocks), and what a weighted search's bound proves.
     */
    private SolveResult certified(Puzzle puzzle, SolveResult answer) {
        if (!answer.isSolved() || answer.optimal()) {
            return answer;
        }
        Shape shape = puzzle.shape();
        byte[] start = puzzle.relabelledStart();
        int length = answer.length();
        int least = new ManhattanLinearConflict(shape, puzzle.goalBlank()).estimate(start);
        PdbHeuristic databaseEstimate = PatternDatabases.supports(shape)
                || PatternDatabases.guidesBeams(shape, puzzle.goalBlank())
                ? databases.heuristic(shape, puzzle.goalBlank(), LoadPolicy.IN_MEMORY) : null;
        if (databaseEstimate != null) {
            least = Math.max(least, databaseEstimate.estimate(start));
        }
        if (answer.bound() != null) {
            least = Math.max(least, (int) Math.ceil(length / answer.bound() - 1e-9));
        }
        least += (length - least) % 2;
        return least == 0 ? answer : answer.withLowerBound(least).withBound(length / (double) least);
    }

    /**
     * The answer shortened by passes of ever longer windows, each searched with more nodes, until the deadline:
     * the detours the first passes' windows were too short or too poor in nodes to undo.
     */
    private static SolveResult deeplyShortened(Puzzle puzzle, SolveResult answer, long deadline,
                                               SolveOptions options) {
        byte[] start = puzzle.relabelledStart();
        String moves = answer.moves();
        int window = PathShortener.WINDOW;
        long nodes = PathShortener.WINDOW_NODES;
        while (System.nanoTime() < deadline && !options.cancelled().getAsBoolean()) {
            window = Math.min(MOST_WINDOW, window + WINDOW_GROWTH);
            nodes = Math.min(MOST_WINDOW_NODES, 2 * nodes);
            moves = new PathShortener(puzzle.shape(), window, nodes, options.cancelled())
                    .shorten(start, moves, deadline);
        }
        return moves.length() >= answer.length() ? answer
                : SolveResult.solved(moves, false, answer.expanded(), answer.nanos(), answer.strategy());
    }

    /**
     * One round: a reduction with the round's first key on the caller's thread and, when {@code paired} and
     * another core is free, one with its second key beside it; the shorter answer.
     */
    private SolveResult round(Puzzle puzzle, SolveOptions given, boolean optimalWholeBoard, long started,
                              long millis, int round, boolean paired) {
        long roundStart = System.nanoTime();
        boolean twoReductions = secondReductions != null && paired;
        // Two reductions at once share the memory the solve may hold.
        SolveOptions options = twoReductions ? given.withMemory(given.maxBytes() / 2) : given;
        // One deadline for every region's searches: past it, regions are reduced down to an exact table.
        long searchDeadline = roundStart + searchMillis(millis, paired) * 1_000_000L;
        Future<SolveResult> second = !twoReductions ? null
                : secondReductions.submit(() -> {
                    // Queued behind other answers' second reductions, it takes what time is left, if enough.
                    long left = millis - (System.nanoTime() - roundStart) / 1_000_000L;
                    Region region = new Region(options, optimalWholeBoard, null, 1, millis, searchDeadline);
                    return left < millis / 2 ? null
                            : reduce(puzzle, region, BeamKey.ofRound(round, true),
                                    started, left);
                });
        Region region = new Region(options, optimalWholeBoard, searchPool, threads, millis, searchDeadline);
        SolveResult first = reduce(puzzle, region, BeamKey.ofRound(round, false), started,
                millis);
        return second == null ? first : shorter(first, second, roundStart + millis * 1_000_000L, started);
    }

    /**
     * Time all searches of a round may take: on a board that beams place, all of a round shorter than a second, and
     * the tuning's share of a longer one, leaving the rest to shortening; a round that no beam places is all
     * searching.
     */
    private long searchMillis(long roundMillis, boolean byBeams) {
        long second = ReductionOptions.ANSWER_TIME.toMillis();
        return byBeams ? Math.min(roundMillis, tuning.searchTime().toMillis() * Math.max(roundMillis, second) / second)
                : roundMillis;
    }

    /**
     * How the regions of one reduction are searched: within the caller's options, the whole board optimally only
     * when {@code optimalWholeBoard}, with the given search threads, with nodes for a round of {@code roundMillis},
     * before {@code deadline}.
     */
    private record Region(SolveOptions options, boolean optimalWholeBoard, ExecutorService pool, int threads,
                          long roundMillis, long deadline) {

        /**
         * Until when the whole board may wait for its stored databases to load: half the searches' time left, so
         * that the other half is left to the search, or to lines where the load is late.
         */
        long loadDeadline() {
            long now = System.nanoTime();
            return now + Math.max(0, deadline - now) / 2;
        }

        /** The round's seconds, at least one: the weighted searches' nodes are per second of it. */
        double seconds() {
            return Math.max(1.0, roundMillis / (double) ReductionOptions.ANSWER_TIME.toMillis());
        }
    }

    /** One reduction of the board: beams with the given key, regions finished as {@code region} says. */
    private SolveResult reduce(Puzzle puzzle, Region region, BeamKey beamKey, long started, long millis) {
        Shape whole = puzzle.shape();
        Finisher finisher = (shape, goalBlank, state) -> {
            if (shape.size() <= ReductionSolver.FINISH_CELLS) {
                ExactTable table = tables.ifBuilt(shape, goalBlank);
                return table != null ? SolveResult.solved(table.solve(state), true, 0, 0, EXACT_TABLE)
                        : smallRegion(shape, goalBlank, state, region.options());
            }
            boolean wholeBoard = shape.equals(whole);
            PdbHeuristic heuristic = !PatternDatabases.supports(shape) ? null
                    : wholeBoard ? databases.heuristicBefore(shape, goalBlank, region.loadDeadline())
                    : databases.heuristic(shape, goalBlank, LoadPolicy.IN_MEMORY);
            return heuristic == null ? null : finish(heuristic, state, region, wholeBoard);
        };
        RegionCost foresight = (shape, goalBlank, state) -> {
            PdbHeuristic heuristic = PatternDatabases.supports(shape) && shape.size() > tuning.optimalCells()
                    ? databases.heuristic(shape, goalBlank, LoadPolicy.IN_MEMORY) : null;
            return heuristic == null ? -1 : (int) Math.round(tuning.movesPerEstimate() * heuristic.estimate(state));
        };
        BeamGuide guide = (shape, goalBlank) -> PatternDatabases.guidesBeams(shape, goalBlank)
                ? databases.heuristic(shape, goalBlank, LoadPolicy.IN_MEMORY) : null;
        return ReductionSolver.solve(puzzle, started,
                new ReductionOptions(finisher, foresight, guide, beamKey, Duration.ofMillis(millis),
                        region.options().maxBytes(), region.options().cancelled()));
    }

    /**
     * A shortest answer for a region too small for the databases whose exact table is not built yet: A* with
     * Manhattan distance and linear conflicts answers one in milliseconds, where the build takes a tenth of a
     * second or more. It is neither timed (a minute is more than it takes) nor cancelled, since the reduction
     * needs its answer and looks at the clock and its cancellation right after; the table answers only where A*
     * ran out of nodes or memory.
     */
    private SolveResult smallRegion(Shape shape, int goalBlank, byte[] state, SolveOptions options) {
        long now = System.nanoTime();
        SolveOptions unhurried = options.withBudget(options.maxNodes(), Duration.ofMinutes(1).toMillis())
                .withCancellation(() -> false);
        SolveResult searched = new AStarSearch(shape, goalBlank).solve(state, new Budget(unhurried, now), now);
        return searched.isSolved() ? searched
                : SolveResult.solved(tables.get(shape, goalBlank).solve(state), true, 0, 0, EXACT_TABLE);
    }

    /**
     * The shorter of the first reduction's answer and the second's, waiting for the second until the answer's
     * deadline at most; the first when it was cancelled or the second is late or found none.
     */
    private static SolveResult shorter(SolveResult first, Future<SolveResult> second, long deadlineNanos,
                                       long started) {
        if (!first.isSolved()) {
            second.cancel(true);
            return first;
        }
        SolveResult other = null;
        try {
            other = second.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // late: the first answer stands
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the second reduction failed", e.getCause());
        } finally {
            second.cancel(true);
        }
        boolean shorter = other != null && other.isSolved() && other.length() < first.length();
        return (shorter ? other : first).withNanos(System.nanoTime() - started);
    }

    /**
     * A quick search of a region the databases cover: IDA* on regions up to 4x4, whose answers are optimal (on the
     * whole board only when the solve asks for that), then weighted IDA* with falling weights (an anytime scheme, as
     * in Hansen and Zhou 2007) sharing one node budget, the shortest answer kept; weighted A* (Pohl 1970) only when
     * none of them found one. A whole board given more than a second is then searched optimally below that answer
     * ({@link #provenOrBounded}). All before the region's deadline; null when nothing finds an answer in time, so
     * that the region is reduced further.
     */
    private SolveResult finish(PdbHeuristic heuristic, byte[] state, Region region, boolean wholeBoard) {
        SolveOptions options = region.options();
        long deadline = region.deadline();
        // An optimal search of the whole board that asked for this answer as its quick answer does that search itself.
        boolean optimalSearches = !wholeBoard || region.optimalWholeBoard();
        if (optimalSearches && heuristic.shape().size() <= tuning.optimalCells()) {
            long now = System.nanoTime();
            long millis = Math.min(tuning.optimalTime().toMillis(), (deadline - now) / 1_000_000L);
            if (millis <= 0) {
                return null;
            }
            SolveOptions step = options.withBudget(Math.min(options.maxNodes(), tuning.searchNodes()), millis);
            SolveResult result = new IdaStarSearch(heuristic, region.pool(), region.threads())
                    .solve(state, new Budget(step, now), now);
            if (result.isSolved() || result.outcome() == Outcome.CANCELLED) {
                return result.isSolved() ? result : null;
            }
        }
        SolveResult best = null;
        long nodesLeft = Math.min(options.maxNodes(), (long) (region.seconds() * tuning.anytimeNodes()));
        for (int i = 0; i < tuning.idaWeights().size() && nodesLeft > 0; i++) {
            // A hard board may stall the first weight: then a greedier one answers with the nodes left.
            boolean rescue = best == null && i > 0;
            double weight = rescue ? tuning.rescueWeight() : tuning.idaWeights().get(i);
            long now = System.nanoTime();
            long millis = (deadline - now) / 1_000_000L;
            if (millis <= 0) {
                break;
            }
            long nodes = i == 0 ? Math.min(nodesLeft, (long) (region.seconds() * tuning.firstWeightNodes()))
                    : nodesLeft;
            SolveResult result = new IdaStarSearch(heuristic, region.pool(), region.threads(), weight)
                    .solve(state, new Budget(options.withBudget(nodes, millis), now), now);
            nodesLeft -= result.expanded();
            if (result.isSolved() && (best == null || result.length() < best.length())) {
                best = result.withBound(weight);
            }
            if (!result.isSolved() && (rescue || best != null)) {
                break; // lower weights would need more nodes still
            }
        }
        if (best == null) {
            return weightedAStar(heuristic, state, options, deadline);
        }
        boolean longerThanASecond = region.roundMillis() > ReductionOptions.ANSWER_TIME.toMillis();
        return wholeBoard && optimalSearches && longerThanASecond ? provenOrBounded(heuristic, state, best, region)
                : best;
    }

    /**
     * The time the weights left, spent on IDA* below {@code answer}'s length (the incumbent of branch and bound:
     * Land and Doig 1960): it proves that answer shortest, finds a shorter one, which is the shortest, or proves a
     * lower bound that certifies the answer, within the region's deadline and the solve's nodes.
     */
    private static SolveResult provenOrBounded(PdbHeuristic heuristic, byte[] state, SolveResult answer,
                                               Region region) {
        long now = System.nanoTime();
        long millis = (region.deadline() - now) / 1_000_000L;
        if (millis <= 0) {
            return answer;
        }
        Incumbent incumbent = new Incumbent(1.0, () -> answer);
        incumbent.ask();
        SolveOptions options = region.options().withBudget(region.options().maxNodes(), millis);
        SolveResult searched = new IdaStarSearch(heuristic, region.pool(), region.threads())
                .solve(state, new Budget(options, now), now, ProgressListener.NONE, incumbent);
        return searched.outcome() == Outcome.CANCELLED ? answer : incumbent.answer(searched);
    }

    /** Weighted A* (Pohl 1970) with growing weights, before the deadline; null when none finds an answer. */
    private SolveResult weightedAStar(PdbHeuristic heuristic, byte[] state, SolveOptions options, long deadline) {
        for (double weight : tuning.aStarWeights()) {
            long now = System.nanoTime();
            long millis = (deadline - now) / 1_000_000L;
            if (millis <= 0) {
                return null;
            }
            SolveOptions step = options.withBudget(Math.min(options.maxNodes(), tuning.searchNodes()), millis)
                    .withMemory(Math.min(options.maxBytes(), tuning.searchBytes()));
            SolveResult result = new AStarSearch(heuristic.shape(), new PdbStateEstimate(heuristic), weight)
                    .solve(state, new Budget(step, now), now);
            if (result.isSolved()) {
                return result.withBound(weight);
            }
            if (result.outcome() == Outcome.CANCELLED) {
                return null;
            }
        }
        return null;
    }
}
