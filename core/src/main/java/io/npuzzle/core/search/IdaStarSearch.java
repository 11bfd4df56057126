package io.npuzzle.core.search;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.GroupLookup;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.solve.Outcome;
import io.npuzzle.core.solve.Algorithm;
import io.npuzzle.core.solve.Limit;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.solve.Strategy;
import it.unimi.dsi.fastutil.longs.LongArrayList;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Optimal iterative-deepening A* with an additive pattern database estimate, in Korf's style: one board in
 * primitive arrays changed and restored in place, the estimate updated per move from the one pattern per
 * view that the moving tile belongs to, no move that undoes the previous one, nothing allocated per node.
 *
 * <p>On several threads each iteration first walks the tree down to {@link #SPLIT_DEPTH} and lists the
 * surviving nodes in depth-first order; the threads then take these subtrees in turn. The answer is the
 * first solution in depth-first order, exactly what one thread finds: a subtree whose solution is known
 * stops only the subtrees after it, and the solution of the earliest subtree is kept. So the answer never
 * depends on thread timing, and every answer found at a threshold is optimal.
 */
public final class IdaStarSearch {

    /** Depth at which the tree is split into independent subtrees. */
    static final int SPLIT_DEPTH = 10;
    /** Longest path a walker records; far above the 80 moves a 4x4 board can need. */
    private static final int MAX_DEPTH = 255;
    private static final int FOUND = -1;
    private static final int STOPPED = -2;
    private static final int NONE = Integer.MAX_VALUE;
    private static final Strategy STRATEGY = Strategy.of(Algorithm.IDA_STAR_PDB);

    private final PdbHeuristic heuristic;
    private final Executor workerPool;
    private final int threads;
    private final int n;
    private final int[][] neighbourCells;
    private final int[][] neighbourMoves;
    private final int viewCount;
    private final int slotsPerView;
    /** Each view's patterns occupy slotsPerView slots: slot = view * slotsPerView + pattern index. */
    private final GroupLookup[] lookupOfSlot;
    /** Per slot, the pattern database's excess table (four bits per entry). */
    private final byte[][] tableOfSlot;
    /** Per label and view (label * viewCount + view), the slot of the label's pattern. */
    private final int[] slotOf;
    /**
     * Per label, cell it leaves, blank's direction and view, the change of the pattern's table index:
     * a move costs one addition per view.
     */
    private final int[] indexDelta;
    /** Per label, cell it leaves and blank's direction, the change of the board's taxicab distance. */
    private final int[] manhattanDelta;

    /**
     * @param workerPool runs the other workers of a parallel iteration; null to search on the calling thread only
     * @param threads workers per iteration, the calling thread included
     */
    public IdaStarSearch(PdbHeuristic heuristic, Executor workerPool, int threads) {
        this.heuristic = heuristic;
        this.workerPool = workerPool;
        this.threads = workerPool == null ? 1 : Math.max(1, threads);
        Shape shape = heuristic.shape();
        n = shape.size();
        neighbourCells = shape.neighbourCells();
        neighbourMoves = shape.neighbourMoves();
        viewCount = heuristic.viewCount();
        int most = 0;
        for (int v = 0; v < viewCount; v++) {
            most = Math.max(most, heuristic.groupCount(v));
        }
        slotsPerView = most;
        lookupOfSlot = new GroupLookup[viewCount * slotsPerView];
        tableOfSlot = new byte[lookupOfSlot.length][];
        slotOf = new int[n * viewCount];
        indexDelta = new int[n * n * 4 * viewCount];
        manhattanDelta = new int[n * n * 4];
        for (int v = 0; v < viewCount; v++) {
            for (int label = 1; label < n; label++) {
                GroupLookup group = heuristic.lookupOf(v, label);
                int slot = v * slotsPerView + group.index();
                lookupOfSlot[slot] = group;
                tableOfSlot[slot] = group.table();
                slotOf[label * viewCount + v] = slot;
                int weight = group.weightOf(label);
                int[] cellMap = group.cellMap();
                for (int blank = 0; blank < n; blank++) {
                    for (int i = 0; i < neighbourCells[blank].length; i++) {
                        int from = neighbourCells[blank][i];
                        int key = ((label * n) + from) * 4 + neighbourMoves[blank][i];
                        indexDelta[key * viewCount + v] = (cellMap[blank] - cellMap[from]) * weight;
                        int goal = Puzzle.canonicalGoalCell(label, heuristic.goalBlank());
                        manhattanDelta[key] = shape.distance(blank, goal) - shape.distance(from, goal);
                    }
                }
            }
        }
    }

    /** Solves a solvable relabelled start; the caller has checked parity. */
    public SolveResult solve(byte[] start, Budget budget, long startNanos) {
        Search search = new Search(start, budget);
        Walker main = new Walker(search);
        int estimate = main.reset();
        int parity = heuristic.shape().distance(main.startBlank(), heuristic.goalBlank()) & 1;
        int threshold = withParity(estimate, parity);
        while (true) {
            Iteration iteration = threads > 1 && threshold > SPLIT_DEPTH
                    ? parallelIteration(search, main, threshold)
                    : sequentialIteration(main, threshold);
            long nanos = System.nanoTime() - startNanos;
            if (iteration.solution != null) {
                return SolveResult.solved(iteration.solution, true, search.nodes.get(), nanos, STRATEGY);
            }
            if (search.stop != null) {
                return SolveResult.unsolved(search.stop, search.budget.exceeded(), search.nodes.get(), nanos, STRATEGY);
            }
            if (iteration.nextThreshold == NONE) {
                throw new IllegalStateException("no solution below any threshold for a solvable board");
            }
            threshold = withParity(iteration.nextThreshold, parity);
            if (threshold > MAX_DEPTH) {
                return SolveResult.unsolved(Outcome.BUDGET_EXCEEDED, Limit.DEPTH, search.nodes.get(), nanos, STRATEGY);
            }
        }
    }

    /**
     * The least bound not below {@code f} with the parity every solution length has (each move takes the
     * blank to a cell of the other colour of the checkerboard). Iterations then grow by two, and a move's
     * views may stop as soon as one of them prunes it: a bound below the true f still rounds up correctly.
     */
    private static int withParity(int f, int parity) {
        return f + ((f ^ parity) & 1);
    }

    private Iteration sequentialIteration(Walker walker, int threshold) {
        Iteration iteration = new Iteration(threshold, null);
        walker.run(iteration, -1, 0);
        walker.publish();
        return iteration;
    }

    private Iteration parallelIteration(Search search, Walker main, int threshold) {
        LongArrayList roots = new LongArrayList();
        Iteration collecting = new Iteration(threshold, roots);
        main.run(collecting, SPLIT_DEPTH, 0);
        main.publish();
        if (collecting.solution != null || search.stop != null) {
            return collecting;
        }
        Iteration iteration = new Iteration(threshold, null);
        iteration.roots = roots.toLongArray();
        iteration.offerThreshold(collecting.nextThreshold);
        for (int t = 1; t < threads; t++) {
            try {
                workerPool.execute(() -> joinIteration(iteration, new Walker(search)));
            } catch (RejectedExecutionException e) {
                break; // the calling thread does the work alone
            }
        }
        iteration.work(main);
        iteration.close();
        return iteration;
    }

    private static void joinIteration(Iteration iteration, Walker walker) {
        if (iteration.join()) {
            try {
                iteration.work(walker);
            } finally {
                iteration.leave();
            }
        }
    }

    /** State shared by all workers of one solve. */
    private static final class Search {
        final byte[] start;
        final Budget budget;
        final AtomicLong nodes = new AtomicLong();
        volatile Outcome stop;

        Search(byte[] start, Budget budget) {
            this.start = start;
            this.budget = budget;
        }
    }

    /** One threshold: the subtrees still to search, the earliest solution and the next threshold. */
    private final class Iteration {
        final int threshold;
        /** Non-null while the tree above the split depth is being listed. */
        final LongArrayList collected;
        long[] roots = new long[0];
        final AtomicInteger nextRoot = new AtomicInteger();
        volatile int solvedRoot = NONE;
        String solution;
        int nextThreshold = NONE;
        private int active;
        private boolean closed;

        Iteration(int threshold, LongArrayList collected) {
            this.threshold = threshold;
            this.collected = collected;
        }

        void work(Walker walker) {
            for (int root; (root = nextRoot.getAndIncrement()) < roots.length; ) {
                if (root > solvedRoot || walker.search.stop != null) {
                    break;
                }
                walker.run(this, -1, root);
            }
            walker.publish();
        }

        synchronized void offerSolution(int root, String moves) {
            if (root < solvedRoot) {
                solvedRoot = root;
                solution = moves;
            }
        }

        synchronized void offerThreshold(int f) {
            nextThreshold = Math.min(nextThreshold, f);
        }

        synchronized boolean join() {
            if (closed) {
                return false;
            }
            active++;
            return true;
        }

        synchronized void leave() {
            active--;
            notifyAll();
        }

        /** Lets no more workers in and waits for those at work. */
        synchronized void close() {
            closed = true;
            boolean interrupted = false;
            while (active > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One thread's board and depth-first search. */
    private final class Walker {
        final Search search;
        private final int[] board = new int[n];
        private final int[] positionOf = new int[n];
        /** Per slot (view and pattern), the pattern's current table index and excess entry. */
        private final int[] index = new int[lookupOfSlot.length];
        private final int[] value = new int[lookupOfSlot.length];
        /** Per depth and view, the sum of the view's excess entries along the current path. */
        private final int[] sums = new int[(MAX_DEPTH + 2) * viewCount];
        /** Per depth and view, the index and excess a move replaced, to restore on the way back. */
        private final int[] savedIndex = new int[(MAX_DEPTH + 1) * viewCount];
        private final int[] savedValue = new int[(MAX_DEPTH + 1) * viewCount];
        private final int[] childIndex = new int[viewCount];
        private final int[] childValue = new int[viewCount];
        private final int[] path = new int[MAX_DEPTH + 1];
        private Iteration iteration;
        private int threshold;
        private int splitDepth;
        private int root;
        private int startBlank;
        private int evaluatedManhattan;
        private int solutionLength;
        private long nodes;
        private long published;
        private long nextCheck;

        Walker(Search search) {
            this.search = search;
            this.nextCheck = Math.min(Budget.CHECK_INTERVAL, search.budget.maxNodes());
        }

        int startBlank() {
            return startBlank;
        }

        /** Puts the start on the board and returns its estimate. */
        int reset() {
            for (int cell = 0; cell < n; cell++) {
                board[cell] = search.start[cell];
                positionOf[board[cell]] = cell;
                if (board[cell] == 0) {
                    startBlank = cell;
                }
            }
            return evaluate(0);
        }

        /** Searches the whole tree ({@code rootIndex} 0, no packed moves) or one listed subtree. */
        void run(Iteration current, int split, int rootIndex) {
            this.iteration = current;
            this.threshold = current.threshold;
            this.splitDepth = split;
            this.root = rootIndex;
            reset();
            int blank = startBlank;
            int depth = 0;
            int back = -1;
            if (current.collected == null && current.roots.length > 0) {
                long packed = current.roots[rootIndex];
                for (; depth < SPLIT_DEPTH; depth++) {
                    int move = (int) (packed >>> (2 * depth)) & 3;
                    int target = neighbour(blank, move);
                    slideTile(blank, target);
                    path[depth] = move;
                    blank = target;
                    back = move ^ 1;
                }
            }
            if (evaluate(depth) == 0) {
                current.offerSolution(rootIndex, moves(depth));
                return;
            }
            int result = search(blank, depth, back, evaluatedManhattan);
            if (result == FOUND) {
                current.offerSolution(rootIndex, moves(solutionLength));
            } else if (result != STOPPED) {
                current.offerThreshold(result);
            }
        }

        /**
         * Depth-first search below a node whose f is within the threshold; the node's excess sums are at
         * {@code sums[g * viewCount ...]} and its taxicab distance is {@code manhattan}. Its estimate is
         * manhattan + 2 * (largest excess sum). Returns FOUND, STOPPED, or the least f above the threshold met
         * below (NONE when none).
         */
        private int search(int blank, int g, int back, int manhattan) {
            if (++nodes >= nextCheck && checkpoint()) {
                return STOPPED;
            }
            if (g == splitDepth) {
                iteration.collected.add(packPath(g));
                return NONE;
            }
            int views = viewCount;
            int parentSums = g * views;
            int childSums = parentSums + views;
            int least = NONE;
            int[] targets = neighbourCells[blank];
            int[] moves = neighbourMoves[blank];
            for (int i = 0; i < targets.length; i++) {
                int move = moves[i];
                if (move == back) {
                    continue;
                }
                int from = targets[i];
                int label = board[from];
                int key = ((label * n) + from) * 4 + move;
                int slots = label * views;
                int deltas = key * views;
                int childManhattan = manhattan + manhattanDelta[key];
                int base = g + 1 + childManhattan;
                if (base > threshold) {
                    least = Math.min(least, base); // the taxicab distance alone prunes it: no table read
                    continue;
                }
                int excess = 0;
                int view = 0;
                for (; view < views; view++) {
                    int slot = slotOf[slots + view];
                    int newIndex = index[slot] + indexDelta[deltas + view];
                    int newValue = tableOfSlot[slot][newIndex >> 1] >> ((newIndex & 1) << 2) & 15;
                    childIndex[view] = newIndex;
                    childValue[view] = newValue;
                    int sum = sums[parentSums + view] - value[slot] + newValue;
                    sums[childSums + view] = sum;
                    if (sum > excess) {
                        excess = sum;
                        if (base + 2 * excess > threshold) {
                            break; // pruned: the other views cannot bring f back under the threshold
                        }
                    }
                }
                if (view < views) {
                    least = Math.min(least, base + 2 * excess);
                    continue;
                }
                path[g] = move;
                if (childManhattan + excess == 0) {
                    solutionLength = g + 1;
                    return FOUND;
                }
                board[blank] = label;
                board[from] = 0;
                for (int v = 0; v < views; v++) {
                    int slot = slotOf[slots + v];
                    savedIndex[parentSums + v] = index[slot];
                    savedValue[parentSums + v] = value[slot];
                    index[slot] = childIndex[v];
                    value[slot] = childValue[v];
                }
                int result = search(from, g + 1, move ^ 1, childManhattan);
                if (result < 0) {
                    return result;
                }
                least = Math.min(least, result);
                board[from] = label;
                board[blank] = 0;
                for (int v = 0; v < views; v++) {
                    int slot = slotOf[slots + v];
                    index[slot] = savedIndex[parentSums + v];
                    value[slot] = savedValue[parentSums + v];
                }
            }
            return least;
        }

        /** Publishes the node count, polls the budget and the other workers; true when this walk must stop. */
        private boolean checkpoint() {
            long total = search.nodes.addAndGet(nodes - published);
            published = nodes;
            if (search.stop != null || root > iteration.solvedRoot) {
                return true;
            }
            Outcome stop = search.budget.check(total);
            if (stop != null) {
                search.stop = stop;
                return true;
            }
            long remaining = search.budget.maxNodes() - total;
            nextCheck = nodes + Math.max(1, Math.min(Budget.CHECK_INTERVAL, remaining / threads));
            return false;
        }

        void publish() {
            search.nodes.addAndGet(nodes - published);
            published = nodes;
        }

        /**
         * Recomputes every pattern's index and excess from the board, the excess sums at a depth and the
         * taxicab distance; returns the estimate.
         */
        private int evaluate(int depth) {
            int excess = 0;
            for (int v = 0; v < viewCount; v++) {
                int sum = 0;
                for (int slot = v * slotsPerView; slot < (v + 1) * slotsPerView; slot++) {
                    GroupLookup group = lookupOfSlot[slot];
                    if (group != null) {
                        index[slot] = group.indexOf(positionOf);
                        value[slot] = group.excess(positionOf);
                        sum += value[slot];
                    }
                }
                sums[depth * viewCount + v] = sum;
                excess = Math.max(excess, sum);
            }
            evaluatedManhattan = heuristic.manhattan(positionOf);
            return evaluatedManhattan + 2 * excess;
        }

        private void slideTile(int blank, int target) {
            int label = board[target];
            board[blank] = label;
            board[target] = 0;
            positionOf[label] = blank;
        }

        private int neighbour(int cell, int move) {
            int[] moves = neighbourMoves[cell];
            for (int i = 0; i < moves.length; i++) {
                if (moves[i] == move) {
                    return neighbourCells[cell][i];
                }
            }
            throw new IllegalStateException("listed move leaves the board");
        }

        private long packPath(int length) {
            long packed = 0;
            for (int i = 0; i < length; i++) {
                packed |= (long) path[i] << (2 * i);
            }
            return packed;
        }

        private String moves(int length) {
            char[] letters = new char[length];
            for (int i = 0; i < length; i++) {
                letters[i] = Move.all()[path[i]].letter();
            }
            return new String(letters);
        }
    }
}
