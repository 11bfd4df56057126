package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

/**
 * The pattern database estimate of one depth-first search's current path, updated per move in the manner of
 * Korf's IDA*: a move changes one pattern per view, so {@link #child} reads one table entry per view (an index
 * that changes by a constant for positional tables, a fresh rank for large ranked ones) and the shared taxicab
 * term changes by a constant; {@link #apply} and {@link #undo} keep per-depth copies so nothing is recomputed on
 * the way back, and nothing is allocated per node. One instance per search thread; the board's
 * {@code positionOf} array is shared with the search, which sets it at the root of each walk; below the root
 * only ranked tables need it, and {@link #apply} and {@link #undo} keep it current for them.
 */
public final class IncrementalPdbEstimate {

    private final int n;
    private final int viewCount;
    private final int slotsPerView;
    private final GroupLookup[] lookupOfSlot;
    private final byte[][] tableOfSlot;
    private final boolean[] rankedSlot;
    private final int[][] membersOfSlot;
    private final int[][] cellMapOfSlot;
    /** Per label and view (label * viewCount + view), the slot of the label's pattern. */
    private final int[] slotOf;
    /** Per label, cell it leaves, blank's direction and view, the change of a positional table index. */
    private final int[] indexDelta;
    /** Per label, cell it leaves and blank's direction, the change of the taxicab distance. */
    private final int[] manhattanDelta;
    private final PdbHeuristic heuristic;
    private final int[] positionOf;

    /** Per slot (view and pattern), the pattern's current table index and entry. */
    private final int[] index;
    private final int[] value;
    /** Per depth and view, the sum of the view's entries along the current path. */
    private final int[] sums;
    /** Per depth, the taxicab distance along the current path. */
    private final int[] manhattanAt;
    /** Per depth and view, the index and entry a move replaced, restored by {@link #undo}. */
    private final int[] savedIndex;
    private final int[] savedValue;
    private final int[] childIndex;
    private final int[] childValue;
    private final boolean anyRanked;
    private int childManhattanValue;

    /**
     * @param positionOf the search's cell of each label, kept current by the search
     * @param maxDepth   the longest path the search walks
     */
    public IncrementalPdbEstimate(PdbHeuristic heuristic, int[] positionOf, int maxDepth) {
        this.heuristic = heuristic;
        this.positionOf = positionOf;
        Shape shape = heuristic.shape();
        n = shape.size();
        viewCount = heuristic.viewCount();
        int most = 0;
        for (int v = 0; v < viewCount; v++) {
            most = Math.max(most, heuristic.groupCount(v));
        }
        slotsPerView = most;
        int slots = viewCount * slotsPerView;
        lookupOfSlot = new GroupLookup[slots];
        tableOfSlot = new byte[slots][];
        rankedSlot = new boolean[slots];
        membersOfSlot = new int[slots][];
        cellMapOfSlot = new int[slots][];
        slotOf = new int[n * viewCount];
        indexDelta = new int[n * n * 4 * viewCount];
        manhattanDelta = new int[n * n * 4];
        int[][] neighbourCells = shape.neighbourCells();
        int[][] neighbourMoves = shape.neighbourMoves();
        for (int v = 0; v < viewCount; v++) {
            for (int label = 1; label < n; label++) {
                GroupLookup group = heuristic.lookupOf(v, label);
                int slot = v * slotsPerView + group.index();
                lookupOfSlot[slot] = group;
                tableOfSlot[slot] = group.table();
                rankedSlot[slot] = !group.positional();
                membersOfSlot[slot] = group.members();
                cellMapOfSlot[slot] = group.cellMap();
                slotOf[label * viewCount + v] = slot;
                int weight = group.positional() ? group.weightOf(label) : 0;
                int[] cellMap = group.cellMap();
                int goal = Puzzle.canonicalGoalCell(label, heuristic.goalBlank());
                for (int blank = 0; blank < n; blank++) {
                    for (int i = 0; i < neighbourCells[blank].length; i++) {
                        int from = neighbourCells[blank][i];
                        int key = moveKey(label, from, neighbourMoves[blank][i]);
                        indexDelta[key * viewCount + v] = (cellMap[blank] - cellMap[from]) * weight;
                        manhattanDelta[key] = shape.distance(blank, goal) - shape.distance(from, goal);
                    }
                }
            }
        }
        index = new int[slots];
        value = new int[slots];
        sums = new int[(maxDepth + 2) * viewCount];
        manhattanAt = new int[maxDepth + 2];
        savedIndex = new int[(maxDepth + 1) * viewCount];
        savedValue = new int[(maxDepth + 1) * viewCount];
        childIndex = new int[viewCount];
        childValue = new int[viewCount];
        boolean ranked = false;
        for (boolean slotRanked : rankedSlot) {
            ranked |= slotRanked;
        }
        anyRanked = ranked;
    }

    private int moveKey(int label, int from, int move) {
        return ((label * n) + from) * 4 + move;
    }

    /** Recomputes everything from the board at a depth of the path; returns the estimate there. */
    public int reset(int depth) {
        int excess = 0;
        for (int v = 0; v < viewCount; v++) {
            int sum = 0;
            for (int slot = v * slotsPerView; slot < (v + 1) * slotsPerView; slot++) {
                GroupLookup group = lookupOfSlot[slot];
                if (group != null) {
                    index[slot] = group.indexOf(positionOf);
                    value[slot] = PatternDatabase.entryAt(tableOfSlot[slot], index[slot]);
                    sum += value[slot];
                }
            }
            sums[depth * viewCount + v] = sum;
            excess = Math.max(excess, sum);
        }
        manhattanAt[depth] = heuristic.manhattan(positionOf);
        return manhattanAt[depth] + 2 * excess;
    }

    /**
     * The estimate after {@code label} slides from {@code from} into the blank at {@code to} (the blank moving
     * in direction {@code move}), from the path's node at {@code depth}. Reading stops as soon as the estimate is
     * known to exceed {@code limit}; what is returned then is a lower bound above the limit, and the child must
     * not be applied.
     */
    public int child(int depth, int label, int from, int to, int move, int limit) {
        int key = moveKey(label, from, move);
        int childManhattan = manhattanAt[depth] + manhattanDelta[key];
        if (childManhattan > limit) {
            return childManhattan; // the taxicab distance alone prunes it: no table read
        }
        childManhattanValue = childManhattan;
        return anyRanked ? rankedChild(depth, label, from, to, key, childManhattan, limit)
                : positionalChild(depth, label, key, childManhattan, limit);
    }

    /**
     * The sum of every view's excess at the child {@link #child} just estimated within its limit from the node at
     * {@code depth}: how much excess the views agree on, a tie-break when ordering children.
     */
    public int childExcessTotal(int depth) {
        int total = 0;
        for (int view = 0; view < viewCount; view++) {
            total += sums[(depth + 1) * viewCount + view];
        }
        return total;
    }

    /**
     * {@link #child} when every table is positional (4x4 6-6-3 and smaller): one addition per view. Kept apart from
     * {@link #rankedChild} so that the 15-puzzle's hot loop carries no per-view test.
     */
    private int positionalChild(int depth, int label, int key, int childManhattan, int limit) {
        int views = viewCount;
        int parentSums = depth * views;
        int slots = label * views;
        int deltas = key * views;
        int excess = 0;
        for (int view = 0; view < views; view++) {
            int slot = slotOf[slots + view];
            int newIndex = index[slot] + indexDelta[deltas + view];
            int newValue = tableOfSlot[slot][newIndex >> 1] >> ((newIndex & 1) << 2) & 15;
            childIndex[view] = newIndex;
            childValue[view] = newValue;
            int sum = sums[parentSums + view] - value[slot] + newValue;
            sums[parentSums + views + view] = sum;
            if (sum > excess) {
                excess = sum;
                if (childManhattan + 2 * excess > limit) {
                    break; // the other views cannot bring it back under the limit
                }
            }
        }
        return childManhattan + 2 * excess;
    }

    /** {@link #child} when some tables are ranked: those rank the child's cells afresh. */
    private int rankedChild(int depth, int label, int from, int to, int key, int childManhattan, int limit) {
        int views = viewCount;
        int parentSums = depth * views;
        int slots = label * views;
        int deltas = key * views;
        positionOf[label] = to;
        int excess = 0;
        for (int view = 0; view < views; view++) {
            int slot = slotOf[slots + view];
            int newIndex = rankedSlot[slot] ? rank(slot) : index[slot] + indexDelta[deltas + view];
            int newValue = tableOfSlot[slot][newIndex >> 1] >> ((newIndex & 1) << 2) & 15;
            childIndex[view] = newIndex;
            childValue[view] = newValue;
            int sum = sums[parentSums + view] - value[slot] + newValue;
            sums[parentSums + views + view] = sum;
            if (sum > excess) {
                excess = sum;
                if (childManhattan + 2 * excess > limit) {
                    break;
                }
            }
        }
        positionOf[label] = from;
        return childManhattan + 2 * excess;
    }

    /**
     * Makes the child last estimated in full by {@link #child} (label moving from {@code from} to {@code to}) the
     * node at {@code depth + 1}.
     */
    public void apply(int depth, int label, int to) {
        manhattanAt[depth + 1] = childManhattanValue;
        if (anyRanked) {
            positionOf[label] = to;
        }
        int views = viewCount;
        int saved = depth * views;
        int slots = label * views;
        for (int v = 0; v < views; v++) {
            int slot = slotOf[slots + v];
            savedIndex[saved + v] = index[slot];
            savedValue[saved + v] = value[slot];
            index[slot] = childIndex[v];
            value[slot] = childValue[v];
        }
    }

    /** Returns to the node at {@code depth} after {@link #apply}({@code depth}, {@code label}, ...), the label back on {@code from}. */
    public void undo(int depth, int label, int from) {
        if (anyRanked) {
            positionOf[label] = from;
        }
        int views = viewCount;
        int saved = depth * views;
        int slots = label * views;
        for (int v = 0; v < views; v++) {
            int slot = slotOf[slots + v];
            index[slot] = savedIndex[saved + v];
            value[slot] = savedValue[saved + v];
        }
    }

    private int rank(int slot) {
        return Pattern.rank(n, membersOfSlot[slot], cellMapOfSlot[slot], positionOf);
    }
}
