package io.npuzzle.core.search;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.pdb.IncrementalPdbEstimate;
import io.npuzzle.core.pdb.PdbHeuristic;

/**
 * One thread's cost-bounded depth-first search, Korf's IDA* inner loop: one board in primitive arrays changed
 * and restored in place, the estimate updated per move ({@link IncrementalPdbEstimate}), no move that ends a
 * sequence with an earlier equivalent ({@link PathAutomaton}: the previous move undone, among others), children
 * ordered near the root, nothing allocated per node. A node's f is g + floor(w * h) for the search's weight w (1 for
 * optimal answers).
 */
final class DepthFirstKernel {

    /** Longest path recorded: room for weighted searches on 5x5. */
    static final int MAX_DEPTH = 1023;
    static final int FOUND = -1;
    static final int STOPPED = -2;
    static final int NONE = Integer.MAX_VALUE;
    /** Largest estimate the weight tables cover; far above any estimate on 5x5. */
    private static final int MAX_ESTIMATE = 2047;
    /** Nodes above this depth have their children ordered ({@link #searchOrdered}). */
    private static final int ORDERED_DEPTH = 8;
    private static final int MAX_CHILDREN = 4;
    /** Above any sum of the views' excess entries (a few patterns of at most 15 each). */
    private static final int MAX_EXCESS_TOTAL = (1 << 16) - 1;

    final SearchRun run;
    private final int n;
    private final int threads;
    private final int splitDepth;
    private final int[][] neighbourCells;
    private final int[][] neighbourMoves;
    private final int[] board;
    private final int[] positionOf;
    /** {@link PathAutomaton#transitions}: per state and move, the next state or pruned. */
    private final int[] transitions;
    private final IncrementalPdbEstimate estimate;
    /** Per estimate h, floor(w * h). */
    private final int[] weighted;
    /** Per room t left under the threshold, the largest h with floor(w * h) <= t. */
    private final int[] within;
    /** Weight 1: f = g + h, without the tables. */
    private final boolean unweighted;
    private final int[] path = new int[MAX_DEPTH + 1];
    /** Per depth, the children within the threshold in the order {@link #searchOrdered} enters them. */
    private final int[] order = new int[(MAX_DEPTH + 1) * MAX_CHILDREN];
    private IdaStarIteration iteration;
    private int threshold;
    private int collectDepth;
    private int root;
    private int startBlank;
    private int solutionLength;
    private long nodes;
    /**
     * How near the subtree being searched came to a solution beyond the threshold: the least f above it met so far,
     * and the least estimate of a node pruned with that f ({@link SubtreeHistory#approach}).
     */
    private int nearestF;
    private int nearestEstimate;
    private long published;
    private long nextCheck;

    DepthFirstKernel(SearchRun run, PdbHeuristic heuristic, double weight, int threads, int splitDepth) {
        this.run = run;
        this.threads = threads;
        this.splitDepth = splitDepth;
        Shape shape = heuristic.shape();
        n = shape.size();
        neighbourCells = shape.neighbourCells();
        neighbourMoves = shape.neighbourMoves();
        board = new int[n];
        positionOf = new int[n];
        transitions = PathAutomaton.standard().transitions();
        estimate = new IncrementalPdbEstimate(heuristic, positionOf, MAX_DEPTH);
        unweighted = weight == 1.0;
        weighted = new int[MAX_ESTIMATE + 1];
        for (int h = 0; h <= MAX_ESTIMATE; h++) {
            weighted[h] = (int) (weight * h);
        }
        within = new int[weighted[MAX_ESTIMATE] + 1];
        for (int t = 0, h = 0; t < within.length; t++) {
            while (h < MAX_ESTIMATE && weighted[h + 1] <= t) {
                h++;
            }
            within[t] = h;
        }
        nextCheck = Math.min(Budget.CHECK_INTERVAL, run.budget.maxNodes());
    }

    int startBlank() {
        return startBlank;
    }

    /** f = g + floor(w * h). */
    int f(int g, int h) {
        return g + weighted[Math.min(h, MAX_ESTIMATE)];
    }

    /** Puts the start on the board and returns its estimate. */
    int reset() {
        for (int cell = 0; cell < n; cell++) {
            board[cell] = run.start[cell];
            positionOf[board[cell]] = cell;
            if (board[cell] == 0) {
                startBlank = cell;
            }
        }
        return estimate.reset(0);
    }

    /**
     * Searches the whole tree ({@code rootIndex} 0, no listed subtrees), lists the nodes at depth {@code collect}
     * (when not -1), or searches one listed subtree.
     */
    void run(IdaStarIteration current, int collect, int rootIndex) {
        this.iteration = current;
        this.threshold = current.threshold;
        this.collectDepth = collect;
        this.root = rootIndex;
        nearestF = NONE;
        nearestEstimate = NONE;
        reset();
        int blank = startBlank;
        int depth = 0;
        int state = PathAutomaton.START;
        if (current.collected == null && current.roots.length > 0) {
            long packed = current.roots[rootIndex];
            for (; depth < splitDepth; depth++) {
                int move = (int) (packed >>> (2 * depth)) & 3;
                state = transitions[state << 2 | move];
                if (state == PathAutomaton.PRUNED) {
                    return; // a subtree another one holds again: the search never enters it
                }
                int target = neighbour(blank, move);
                slideTile(blank, target);
                path[depth] = move;
                blank = target;
            }
        }
        if (estimate.reset(depth) == 0) {
            current.offerSolution(rootIndex, moves(depth));
            return;
        }
        int result = depth < ORDERED_DEPTH ? searchOrdered(blank, depth, state) : search(blank, depth, state);
        if (result == FOUND) {
            current.offerSolution(rootIndex, moves(solutionLength));
        } else if (result != STOPPED) {
            current.offerThreshold(result);
        }
    }

    /**
     * Depth-first search below a node whose f is within the threshold, near the root: every child is estimated
     * first, then those within the threshold are entered lowest estimate first, and among equal ones the one whose
     * views agree on more excess. Order only matters in the last iteration, which stops at the first solution, and
     * mostly near the root, where a wrong turn costs a large subtree: ordering the nodes above depth
     * {@link #ORDERED_DEPTH} cuts the nodes of Korf's instances nearly as much as ordering every node, and these
     * nodes are so few that estimating their children twice costs nothing measurable ({@code bench/korf --threads
     * 1}). In IdaStarSearch's split iterations this order stands for the first split iteration and among subtrees
     * of equal history ({@link SubtreeHistory}); it still orders whole-tree walks and the service's shared
     * searches. Returns FOUND, STOPPED, or the least f above the threshold met below (NONE when none).
     */
    private int searchOrdered(int blank, int g, int state) {
        if (g == collectDepth) {
            iteration.collected.add(packPath(g)); // counted once, by the walk of its subtree
            return NONE;
        }
        if (++nodes >= nextCheck && checkpoint()) {
            return STOPPED;
        }
        int room = threshold - g - 1;
        int limit = unweighted ? room : within[Math.min(room, within.length - 1)];
        int least = NONE;
        int[] targets = neighbourCells[blank];
        int[] moves = neighbourMoves[blank];
        int first = g * MAX_CHILDREN;
        int count = 0;
        for (int i = 0; i < targets.length; i++) {
            int move = moves[i];
            if (transitions[state << 2 | move] == PathAutomaton.PRUNED) {
                continue;
            }
            int from = targets[i];
            int h = estimate.child(g, board[from], from, blank, move, limit);
            if (h > limit) {
                least = Math.min(least, pruned(g, h));
                continue;
            }
            // Kept sorted by estimate, then by more agreed excess; the child's index in the low bits.
            int key = h << 18 | (MAX_EXCESS_TOTAL - estimate.childExcessTotal(g)) << 2 | i;
            int at = first + count++;
            for (; at > first && order[at - 1] > key; at--) {
                order[at] = order[at - 1];
            }
            order[at] = key;
        }
        boolean ordered = g + 1 < ORDERED_DEPTH;
        for (int c = first; c < first + count; c++) {
            int i = order[c] & 3;
            int move = moves[i];
            int from = targets[i];
            int label = board[from];
            int h = estimate.child(g, label, from, blank, move, limit); // again, for apply
            path[g] = move;
            if (h == 0) {
                solutionLength = g + 1;
                return FOUND;
            }
            estimate.apply(g, label, blank);
            board[blank] = label;
            board[from] = 0;
            int next = transitions[state << 2 | move];
            int result = ordered ? searchOrdered(from, g + 1, next) : search(from, g + 1, next);
            if (result < 0) {
                return result;
            }
            least = Math.min(least, result);
            board[from] = label;
            board[blank] = 0;
            estimate.undo(g, label, from);
        }
        return least;
    }

    /**
     * {@link #searchOrdered} below its depth, where nearly all nodes are: children entered in board order as soon
     * as they are estimated.
     */
    private int search(int blank, int g, int state) {
        if (g == collectDepth) {
            iteration.collected.add(packPath(g)); // counted once, by the walk of its subtree
            return NONE;
        }
        if (++nodes >= nextCheck && checkpoint()) {
            return STOPPED;
        }
        // This node is within the threshold and not the goal, so there is room for one more move.
        int room = threshold - g - 1;
        int limit = unweighted ? room : within[Math.min(room, within.length - 1)];
        int least = NONE;
        int[] targets = neighbourCells[blank];
        int[] moves = neighbourMoves[blank];
        for (int i = 0; i < targets.length; i++) {
            int move = moves[i];
            int next = transitions[state << 2 | move];
            if (next == PathAutomaton.PRUNED) {
                continue;
            }
            int from = targets[i];
            int label = board[from];
            int h = estimate.child(g, label, from, blank, move, limit);
            if (h > limit) {
                least = Math.min(least, pruned(g, h));
                continue;
            }
            path[g] = move;
            if (h == 0) {
                solutionLength = g + 1;
                return FOUND;
            }
            estimate.apply(g, label, blank);
            board[blank] = label;
            board[from] = 0;
            int result = search(from, g + 1, next);
            if (result < 0) {
                return result;
            }
            least = Math.min(least, result);
            board[from] = label;
            board[blank] = 0;
            estimate.undo(g, label, from);
        }
        return least;
    }

    /**
     * The f of a child of a node at depth {@code g} pruned with estimate {@code h} (as far as it was read: a lower
     * bound where the views stopped early), noted when it is the nearest approach of this subtree.
     */
    private int pruned(int g, int h) {
        int f = unweighted ? g + 1 + h : f(g + 1, h);
        if (f < nearestF || f == nearestF && h < nearestEstimate) {
            nearestF = f;
            nearestEstimate = h;
        }
        return f;
    }

    /**
     * How near the subtree of the last {@link #run} came to a solution beyond the threshold
     * ({@link SubtreeHistory#approach}).
     */
    long approach() {
        return SubtreeHistory.approach(nearestF, nearestEstimate);
    }

    /**
     * Publishes the node count, polls the budget and the other threads, asks for the quick answer when it is due;
     * true when this walk must stop.
     */
    private boolean checkpoint() {
        long total = run.nodes.addAndGet(nodes - published);
        published = nodes;
        if (run.stop != null || root > iteration.solvedRoot) {
            return true;
        }
        Outcome stop = run.budget.check(total);
        if (stop != null) {
            run.stop = stop;
            return true;
        }
        run.maybeAskQuickAnswer(total);
        run.maybeReport(total);
        long remaining = run.budget.maxNodes() - total;
        nextCheck = nodes + Math.max(1, Math.min(Budget.CHECK_INTERVAL, remaining / threads));
        return false;
    }

    /** Nodes this kernel has expanded so far. */
    long nodes() {
        return nodes;
    }

    void publish() {
        run.nodes.addAndGet(nodes - published);
        published = nodes;
    }

    /** Moves the tile on {@code target} into the blank on {@code blank}, on the way to a subtree's root. */
    private void slideTile(int blank, int target) {
        int label = board[target];
        board[blank] = label;
        board[target] = 0;
        positionOf[label] = blank;
        positionOf[0] = target;
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
