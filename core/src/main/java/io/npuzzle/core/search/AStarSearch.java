package io.npuzzle.core.search;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.ProgressPace;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.rank.PermutationRank;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

import java.util.Arrays;
import java.util.OptionalInt;

/**
 * Optimal A* for boards too large for an exact table. Nodes live in parallel primitive arrays (states packed
 * one byte per cell in an arena); the closed set maps a state's Cantor rank, or for boards past 20 cells a
 * 64-bit hash verified against the arena, to its node; the open list is bucketed by f, last in first out
 * within a bucket. A node reached again more cheaply is reopened, so optimality needs only admissibility.
 * With a weight w above 1 the list is ordered by g + floor(w * h) instead (weighted A*, Pohl 1970): the first
 * goal taken from it is at most w times the shortest length, since every open node on a shortest path has
 * g + floor(w * h) <= w * (g + h) <= w * C*, and it usually comes after far fewer nodes.
 * The nodes it may store follow from its memory budget, counted at their worst ({@link #peakBytesPerNode}), so a
 * search that would outgrow its share of the heap ends over budget instead of exhausting it.
 */
public final class AStarSearch {

    private static final Strategy STRATEGY = Strategy.of(Algorithm.A_STAR);
    private static final int NO_MOVE = -1;
    /** Open-list entries allowed per stored node: one push each, and as many again for reopened nodes. */
    private static final int ENTRIES_PER_NODE = 2;
    private static final int INITIAL_NODES = 1 << 14;
    /**
     * Nodes after which a search of a board not estimated hard ({@link Incumbent#HARD_ESTIMATE}) asks its
     * {@link Incumbent} for the quick answer, about a twentieth of a second: a search that ends sooner never waits
     * for one.
     */
    static final long QUICK_ANSWER_NODES = 100_000;

    private final Shape shape;
    private final int n;
    private final boolean ranked;
    private final StateEstimate heuristic;
    private final int[][] neighbours;
    private final int[][] neighbourMoves;
    private final double weight;
    private int maxStored;
    private long maxEntries;

    private byte[] states;
    private int[] parent;
    private int[] g;
    private int[] h;
    private byte[] lastMove;
    private byte[] blankCell;
    private int stored;
    private final Long2IntOpenHashMap index = new Long2IntOpenHashMap(INITIAL_NODES);
    private IntArrayList[] buckets = new IntArrayList[64];
    private int lowestPushed = Integer.MAX_VALUE;
    private long entries;

    /** Manhattan distance and linear conflicts. */
    public AStarSearch(Shape shape, int goalBlank) {
        this(shape, new ManhattanLinearConflict(shape, goalBlank), 1.0);
    }

    /**
     * @param heuristic an admissible estimate towards the goal the states are relabelled against
     * @param weight    the factor w on the estimate, at least 1; 1 for optimal answers
     */
    public AStarSearch(Shape shape, StateEstimate heuristic, double weight) {
        if (!(weight >= 1.0)) {
            throw new IllegalArgumentException("weight must be at least 1");
        }
        this.weight = weight;
        this.shape = shape;
        this.n = shape.size();
        this.ranked = n <= PermutationRank.MAX_SIZE;
        this.heuristic = heuristic;
        this.neighbours = shape.neighbourCells();
        this.neighbourMoves = shape.neighbourMoves();
        index.defaultReturnValue(-1);
    }

    /** Solves a solvable relabelled start; the caller has checked parity. */
    public SolveResult solve(byte[] start, Budget budget, long startNanos) {
        return solve(start, budget, startNanos, ProgressListener.NONE);
    }

    /** As {@link #solve(byte[], Budget, long)}, reporting the f being expanded and the nodes ({@link ProgressPace}). */
    public SolveResult solve(byte[] start, Budget budget, long startNanos, ProgressListener progress) {
        return solve(start, budget, startNanos, progress, Incumbent.none(weight));
    }

    /**
     * As {@link #solve(byte[], Budget, long, ProgressListener)}, with the answer {@code incumbent} holds, or asks for
     * when it is due ({@link Incumbent#askDue}, after {@link #QUICK_ANSWER_NODES}), as an upper bound: a child whose
     * g + h reaches its length is not stored, and the least f still open proves the lower bound that ends the search
     * once it proves the incumbent.
     */
    public SolveResult solve(byte[] start, Budget budget, long startNanos, ProgressListener progress,
                             Incumbent incumbent) {
        ProgressPace pace = new ProgressPace(startNanos);
        int h0 = heuristic.estimate(start);
        incumbent.offerLowerBound(h0);
        if (incumbent.askDue(false)) {
            incumbent.ask(); // a board estimated hard: its first answer now, reported at the first checkpoint due
        }
        maxStored = maxStoredNodes(n, budget.maxBytes());
        maxEntries = (long) maxStored * ENTRIES_PER_NODE;
        if (maxStored < 1) {
            return SolveResult.unsolved(Outcome.BUDGET_EXCEEDED, Limit.MEMORY, 0, System.nanoTime() - startNanos,
                    STRATEGY).withLowerBound(incumbent.lowerBound());
        }
        reset();
        findOrReserve(start);
        int root = store(start, Board.cellOf(start, 0), -1, NO_MOVE, 0, h0);
        push(priority(0, h0), root);

        byte[] work = new byte[n];
        long expanded = 0;
        int upperBound = incumbent.length().orElse(Integer.MAX_VALUE);
        int provenF = -1; // the f whose lower bound was offered last
        for (int f = priority(0, h0); f < buckets.length; ) {
            IntArrayList bucket = buckets[f];
            if (bucket == null || bucket.isEmpty()) {
                f++;
                continue;
            }
            if (f != provenF) {
                provenF = f;
                incumbent.offerLowerBound(incumbent.leastLength(f));
                if (incumbent.proven()) {
                    return incumbent.provenAnswer(expanded, System.nanoTime() - startNanos);
                }
            }
            int node = bucket.popInt();
            if (priority(g[node], h[node]) != f) {
                continue; // stale entry: the node was reached more cheaply since
            }
            if (h[node] == 0) {
                return incumbent.better(SolveResult.solved(path(node), weight == 1.0, expanded,
                        System.nanoTime() - startNanos, STRATEGY));
            }
            if (++expanded % Budget.CHECK_INTERVAL == 0 || expanded >= budget.maxNodes()) {
                Outcome stop = budget.check(expanded);
                if (stop != null) {
                    return SolveResult.unsolved(stop, budget.exceeded(), expanded, System.nanoTime() - startNanos,
                            STRATEGY).withLowerBound(incumbent.lowerBound());
                }
                // Each answer is reported before the search spends time on a better one.
                if (incumbent.askDue(expanded >= QUICK_ANSWER_NODES) && pace.shows(incumbent.length())) {
                    incumbent.ask();
                }
                OptionalInt held = incumbent.length();
                if (held.isPresent() && held.getAsInt() < upperBound) {
                    upperBound = held.getAsInt();
                    provenF = -1;
                }
                long now = System.nanoTime();
                int lowerBound = incumbent.lowerBound();
                if (pace.due(now, lowerBound, held)) {
                    progress.report(new SearchProgress(f, expanded, (now - startNanos) / 1_000_000, 0, 0, 0,
                            lowerBound, held));
                }
            }
            int blank = blankCell[node];
            int back = lastMove[node] == NO_MOVE ? NO_MOVE : lastMove[node] ^ 1;
            int childG = g[node] + 1;
            int[] targets = neighbours[blank];
            int[] moves = neighbourMoves[blank];
            System.arraycopy(states, node * n, work, 0, n);
            for (int i = 0; i < targets.length; i++) {
                if (moves[i] == back) {
                    continue; // undoing the last move returns to the parent, already stored more cheaply
                }
                int tile = work[targets[i]];
                int childH = heuristic.slide(work, blank, targets[i], h[node]);
                if (childG + childH < upperBound) { // else no answer through it beats the incumbent
                    if (stored >= maxStored || entries >= maxEntries) {
                        return SolveResult.unsolved(Outcome.BUDGET_EXCEEDED, Limit.MEMORY, expanded,
                                System.nanoTime() - startNanos, STRATEGY).withLowerBound(incumbent.lowerBound());
                    }
                    int existing = findOrReserve(work);
                    if (existing < 0) {
                        int child = store(work, targets[i], node, moves[i], childG, childH);
                        push(priority(childG, childH), child);
                    } else if (childG < g[existing]) {
                        g[existing] = childG;
                        parent[existing] = node;
                        lastMove[existing] = (byte) moves[i];
                        push(priority(childG, childH), existing);
                    }
                }
                work[targets[i]] = (byte) tile; // slide back: the next child starts from the parent again
                work[blank] = 0;
            }
            if (lowestPushed < f) {
                f = lowestPushed; // an inconsistent estimate can reopen a node below the current f
            }
            lowestPushed = Integer.MAX_VALUE;
        }
        // Nothing is left open: only the nodes left out for the incumbent could have led to an answer.
        OptionalInt held = incumbent.length();
        if (held.isEmpty()) {
            throw new IllegalStateException("open list exhausted on a solvable board");
        }
        incumbent.offerLowerBound(held.getAsInt());
        return incumbent.provenAnswer(expanded, System.nanoTime() - startNanos);
    }

    private int priority(int cost, int estimate) {
        return cost + (int) (weight * estimate);
    }

    /**
     * Node holding {@code state}, or -1 after reserving the index entry for node number {@link #stored}, which
     * the caller must then store. Ranks are exact keys, so one probe suffices; hashes are verified against the
     * arena and probe on until a free or matching key.
     */
    private int findOrReserve(byte[] state) {
        long key = key(state);
        while (true) {
            int node = index.putIfAbsent(key, stored);
            if (node < 0 || ranked || sameState(node, state)) {
                return node;
            }
            key = mix(key + 1); // a 64-bit hash collision: probe the next key
        }
    }

    private long key(byte[] state) {
        if (ranked) {
            return PermutationRank.rank(state, n);
        }
        long hash = 0x9E3779B97F4A7C15L;
        for (byte b : state) {
            hash = (hash ^ b) * 0x100000001B3L;
        }
        return mix(hash);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private boolean sameState(int node, byte[] state) {
        return Arrays.equals(states, node * n, node * n + n, state, 0, n);
    }

    /**
     * Nodes a search of a board of {@code cells} may store within {@code maxBytes}, and no more than its arrays
     * can index.
     */
    static int maxStoredNodes(int cells, long maxBytes) {
        return (int) Math.min((Integer.MAX_VALUE - 8) / cells, maxBytes / peakBytesPerNode(cells));
    }

    /**
     * The most one stored node can cost at the peak of a search, everything it brings along included:
     * <ul>
     *   <li>its place in the node arrays, {@code cells + 14} bytes; while they double, the old and the new copy are
     *   both alive, 1.5 times the final size at most;</li>
     *   <li>its index entry: fastutil's open hash map keeps the load under 3/4 in power-of-two tables of 12-byte
     *   slots, up to 8/3 slots a node, and 1.5 times that while it rehashes: 48 bytes;</li>
     *   <li>its open-list entries, {@link #ENTRIES_PER_NODE} of 4 bytes, in lists that grow by half (the old copy
     *   alive meanwhile): 10 bytes an entry.</li>
     * </ul>
     */
    static long peakBytesPerNode(int cells) {
        return (3L * (cells + 14) + 1) / 2 + 48 + 10L * ENTRIES_PER_NODE;
    }

    private void reset() {
        int initial = Math.min(INITIAL_NODES, maxStored);
        states = new byte[initial * n];
        parent = new int[initial];
        g = new int[initial];
        h = new int[initial];
        lastMove = new byte[initial];
        blankCell = new byte[initial];
        stored = 0;
        entries = 0;
        lowestPushed = Integer.MAX_VALUE;
        index.clear();
        for (IntArrayList bucket : buckets) {
            if (bucket != null) {
                bucket.clear();
            }
        }
    }

    private int store(byte[] state, int blank, int parentNode, int move, int cost, int estimate) {
        if (stored == parent.length) {
            int capacity = (int) Math.min(maxStored, (long) stored * 2);
            states = Arrays.copyOf(states, capacity * n);
            parent = Arrays.copyOf(parent, capacity);
            g = Arrays.copyOf(g, capacity);
            h = Arrays.copyOf(h, capacity);
            lastMove = Arrays.copyOf(lastMove, capacity);
            blankCell = Arrays.copyOf(blankCell, capacity);
        }
        int node = stored++;
        System.arraycopy(state, 0, states, node * n, n);
        parent[node] = parentNode;
        g[node] = cost;
        h[node] = estimate;
        lastMove[node] = (byte) move;
        blankCell[node] = (byte) blank;
        return node;
    }

    private void push(int f, int node) {
        entries++;
        lowestPushed = Math.min(lowestPushed, f);
        if (f >= buckets.length) {
            buckets = Arrays.copyOf(buckets, Math.max(f + 1, buckets.length * 2));
        }
        IntArrayList bucket = buckets[f];
        if (bucket == null) {
            bucket = buckets[f] = new IntArrayList();
        }
        bucket.add(node);
    }

    private String path(int node) {
        char[] moves = new char[g[node]];
        for (int at = node, i = moves.length - 1; parent[at] >= 0; at = parent[at], i--) {
            moves[i] = Move.all()[lastMove[at]].letter();
        }
        return new String(moves);
    }
}
