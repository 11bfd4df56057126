package io.npuzzle.core.search;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.pdb.PdbHeuristic;
import it.unimi.dsi.fastutil.longs.LongArrayList;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One optimal IDA* search (Korf 1985) cut into pieces that any process can run: the frontier of an iteration, the
 * nodes within its bound at some depth, listed in depth-first order; and the search of a run of frontier nodes
 * ({@code roots}, each the moves that reach it from the start) under that bound. Searching every root of a
 * frontier in order, and taking the first solution in that order, gives exactly what one walk of the whole tree
 * finds (the search of the start alone, root {@code ""}); in any other order fixed before the iteration (nearest
 * and busiest first, {@link SubtreeHistory}, from what each root's subtree met in the iteration before), an optimal
 * answer too, the same however the pieces are shared out. Each root travels as its moves, so that a piece is
 * self-contained and checked before it is searched.
 */
public final class SubtreeSearch {

    /** The deepest frontier: roots are packed two bits per move into a long while searched. */
    public static final int MAX_FRONTIER_DEPTH = 31;
    /** Limits of a piece: none but its stop signal, which its caller ties to a deadline or a cancellation. */
    private static final SolveOptions UNLIMITED = SolveOptions.defaults().withBudget(Long.MAX_VALUE,
            365L * 24 * 3600 * 1000);

    private final PdbHeuristic heuristic;
    private final byte[] start;
    private final int startBlank;
    private final int parity;

    /** @param start a solvable relabelled start of the heuristic's shape and goal; the caller has checked parity */
    public SubtreeSearch(PdbHeuristic heuristic, byte[] start) {
        this.heuristic = heuristic;
        this.start = start.clone();
        int blank = 0;
        while (start[blank] != 0) {
            blank++;
        }
        this.startBlank = blank;
        this.parity = heuristic.shape().distance(blank, heuristic.goalBlank()) & 1;
    }

    /** The bound of the first iteration: the start's estimate, rounded up to the parity of every solution. */
    public int firstBound() {
        SearchRun run = run(() -> false, ProgressListener.NONE, 0);
        return nextBound(kernel(run, 0).reset());
    }

    /**
     * The bound of the iteration after one whose least f above its bound was {@code leastExceeded}: every move
     * takes the blank to a cell of the other colour, so solution lengths share one parity and bounds grow by two.
     */
    public int nextBound(int leastExceeded) {
        return leastExceeded + ((leastExceeded ^ parity) & 1);
    }

    /** True when no bound at least this large can be searched: the paths would not fit the kernel's arrays. */
    public static boolean beyondReach(int bound) {
        return bound > DepthFirstKernel.MAX_DEPTH;
    }

    /**
     * The frontier of the iteration with {@code bound}: the shallowest depth (at most {@link #MAX_FRONTIER_DEPTH}
     * and below the bound) with at least {@code wanted} nodes within the bound, or a solution found above it.
     */
    public Frontier frontier(int bound, int wanted, BooleanSupplier stop) {
        long nodes = 0;
        for (int depth = 1; ; depth++) {
            SearchRun run = run(stop, ProgressListener.NONE, System.nanoTime());
            LongArrayList listed = new LongArrayList();
            IdaStarIteration listing = new IdaStarIteration(bound, listed);
            DepthFirstKernel kernel = kernel(run, depth);
            kernel.run(listing, depth, 0);
            kernel.publish();
            nodes += run.nodes.get();
            if (run.stop != null) {
                return new Frontier(depth, List.of(), null, DepthFirstKernel.NONE, nodes, true);
            }
            if (listing.solution != null) {
                return new Frontier(depth, List.of(), listing.solution, listing.nextThreshold, nodes, false);
            }
            if (listed.size() >= wanted || depth == MAX_FRONTIER_DEPTH || depth + 1 >= bound || listed.isEmpty()) {
                List<String> roots = new ArrayList<>(listed.size());
                for (int i = 0; i < listed.size(); i++) {
                    roots.add(PackedPath.unpack(listed.getLong(i), depth));
                }
                return new Frontier(depth, roots, null, listing.nextThreshold, nodes, false);
            }
        }
    }

    /**
     * Searches the subtrees below {@code roots} (move strings of one length, in frontier order) within
     * {@code bound}, in order, until the first solution; stops early when {@code stop} says so.
     *
     * @throws IllegalArgumentException for roots of different lengths, of a move that leaves the board or undoes
     *                                  the one before, or too deep
     */
    public SubtreeOutcome search(int bound, List<String> roots, BooleanSupplier stop, ProgressListener progress) {
        int depth = roots.isEmpty() ? 0 : roots.get(0).length();
        long[] packed = new long[roots.size()];
        for (int i = 0; i < packed.length; i++) {
            packed[i] = pack(roots.get(i), depth);
        }
        SearchRun run = run(stop, progress, System.nanoTime());
        run.bound = bound;
        IdaStarIteration iteration = new IdaStarIteration(bound, null);
        iteration.setRoots(packed);
        iteration.work(kernel(run, depth));
        return new SubtreeOutcome(iteration.solution, iteration.nextThreshold, run.nodes.get(),
                iteration.solution == null && run.stop != null, LongArrayList.wrap(iteration.rootNodes),
                LongArrayList.wrap(iteration.rootApproaches));
    }

    private SearchRun run(BooleanSupplier stop, ProgressListener progress, long startNanos) {
        return new SearchRun(start, new Budget(UNLIMITED.withCancellation(stop), startNanos), progress, startNanos,
                Incumbent.none(1.0));
    }

    private DepthFirstKernel kernel(SearchRun run, int depth) {
        return new DepthFirstKernel(run, heuristic, 1.0, 1, depth);
    }

    private long pack(String root, int depth) {
        if (root.length() != depth || depth > MAX_FRONTIER_DEPTH) {
            throw new IllegalArgumentException("roots must share one length of at most " + MAX_FRONTIER_DEPTH);
        }
        Shape shape = heuristic.shape();
        int blank = startBlank;
        int back = -1;
        for (int i = 0; i < depth; i++) {
            Move move = Move.ofLetter(root.charAt(i));
            int to = shape.neighbour(blank, move);
            if (to < 0 || move.ordinal() == back) {
                throw new IllegalArgumentException("root " + root + " is no path from the start");
            }
            back = move.ordinal() ^ 1;
            blank = to;
        }
        return PackedPath.pack(root);
    }
}
