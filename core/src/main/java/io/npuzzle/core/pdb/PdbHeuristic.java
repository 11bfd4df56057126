package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The additive pattern database estimate for one shape and goal blank cell, over states relabelled against
 * the canonical goal: for each view (a partition of the labels), the sum of its patterns' distances; the
 * estimate is the largest sum. Every label belongs to exactly one pattern per view, so a move changes one
 * term per view, which lets a search update the estimate incrementally; and since each view covers every
 * tile, its sum is the board's taxicab distance plus twice its patterns' excess entries, so a search adds
 * one shared taxicab term to the largest excess sum ({@link IncrementalPdbEstimate}). Immutable; shared between threads.
 */
public final class PdbHeuristic {

    private final Shape shape;
    private final int goalBlank;
    private final GroupLookup[][] views;
    private final GroupLookup[][] lookupOfLabel;

    private PdbHeuristic(Shape shape, int goalBlank, GroupLookup[][] views) {
        this.shape = shape;
        this.goalBlank = goalBlank;
        this.views = views;
        int n = shape.size();
        this.lookupOfLabel = new GroupLookup[views.length][n];
        for (int v = 0; v < views.length; v++) {
            for (GroupLookup group : views[v]) {
                for (int label : group.members()) {
                    if (lookupOfLabel[v][label] != null) {
                        throw new IllegalArgumentException("view " + v + " counts label " + label + " twice");
                    }
                    lookupOfLabel[v][label] = group;
                }
            }
            for (int label = 1; label < n; label++) {
                if (lookupOfLabel[v][label] == null) {
                    throw new IllegalArgumentException("view " + v + " leaves label " + label + " out");
                }
            }
        }
    }

    /**
     * Assembles the estimate from cell partitions; each pattern is answered by the database of its
     * canonical symmetric image, obtained from {@code databases}, read positionally once laid out as {@code wait}
     * says.
     */
    public static PdbHeuristic assemble(Shape shape, int goalBlank, List<long[]> partitions,
                                        Function<Pattern, PatternDatabase> databases, LayoutWait wait) {
        GroupLookup[][] views = new GroupLookup[partitions.size()][];
        for (int v = 0; v < views.length; v++) {
            long[] masks = partitions.get(v);
            views[v] = new GroupLookup[masks.length];
            for (int g = 0; g < masks.length; g++) {
                views[v][g] = lookup(shape, goalBlank, g, masks[g], databases, wait);
            }
        }
        return new PdbHeuristic(shape, goalBlank, views);
    }

    /**
     * The pattern whose database answers for a set of cells, given the goal blank cell: its smallest symmetric
     * image, with the image of the cells the blank may end on.
     */
    public static Pattern canonical(Shape shape, int goalBlank, long cellMask) {
        long region = blankRegion(shape, goalBlank, cellMask);
        int[] cellMap = canonicalMap(shape, cellMask, region);
        return new Pattern(shape, Symmetry.apply(cellMap, cellMask), Symmetry.apply(cellMap, region));
    }

    /** The cells the blank reaches from its goal cell without crossing the pattern's cells. */
    static long blankRegion(Shape shape, int goalBlank, long cellMask) {
        int[][] neighbours = shape.neighbourCells();
        long region = 1L << goalBlank;
        for (long grown = region; grown != 0; ) {
            long next = 0;
            for (long rest = grown; rest != 0; rest &= rest - 1) {
                for (int cell : neighbours[Long.numberOfTrailingZeros(rest)]) {
                    next |= 1L << cell;
                }
            }
            grown = next & ~cellMask & ~region;
            region |= grown;
        }
        return region;
    }

    public Shape shape() {
        return shape;
    }

    public int goalBlank() {
        return goalBlank;
    }

    public int viewCount() {
        return views.length;
    }

    public int groupCount(int view) {
        return views[view].length;
    }

    /**
     * Whether some database is read ranked only until its positional table is laid out ({@link
     * LayoutWait#IN_BACKGROUND}): the same estimate, at a lower node rate.
     */
    public boolean awaitsLayout() {
        for (GroupLookup[] view : views) {
            for (GroupLookup group : view) {
                if (group.awaitsLayout()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Distinct databases behind the views. */
    public int databaseCount() {
        return distinctDatabases().size();
    }

    /** Bytes of ranked entries of the distinct databases behind the views. */
    public long databaseBytes() {
        long bytes = 0;
        for (PatternDatabase database : distinctDatabases()) {
            bytes += database.rankedBytes();
        }
        return bytes;
    }

    private Set<PatternDatabase> distinctDatabases() {
        Set<PatternDatabase> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        for (GroupLookup[] view : views) {
            for (GroupLookup group : view) {
                distinct.add(group.database());
            }
        }
        return distinct;
    }

    /** The pattern a label belongs to in a view. */
    public GroupLookup lookupOf(int view, int label) {
        return lookupOfLabel[view][label];
    }

    /** The estimate of a relabelled state from scratch; zero exactly at the goal. */
    public int estimate(byte[] state) {
        int[] positionOf = new int[state.length];
        for (int cell = 0; cell < state.length; cell++) {
            positionOf[state[cell]] = cell;
        }
        return estimate(positionOf);
    }

    /** The estimate of a state given each label's cell; zero exactly at the goal. */
    public int estimate(int[] positionOf) {
        int best = 0;
        for (GroupLookup[] view : views) {
            int excess = 0;
            for (GroupLookup group : view) {
                excess += group.entry(positionOf);
            }
            best = Math.max(best, excess);
        }
        return manhattan(positionOf) + 2 * best;
    }

    /** Taxicab distance of every tile of a relabelled state to its goal cell. */
    public int manhattan(int[] positionOf) {
        int sum = 0;
        for (int label = 1; label < positionOf.length; label++) {
            sum += shape.distance(positionOf[label], Puzzle.canonicalGoalCell(label, goalBlank));
        }
        return sum;
    }

    private static GroupLookup lookup(Shape shape, int goalBlank, int index, long cellMask,
                                      Function<Pattern, PatternDatabase> databases, LayoutWait wait) {
        if ((cellMask & (1L << goalBlank)) != 0) {
            throw new IllegalArgumentException("a pattern holds the goal blank cell " + goalBlank);
        }
        long region = blankRegion(shape, goalBlank, cellMask);
        int[] cellMap = canonicalMap(shape, cellMask, region);
        Pattern pattern = new Pattern(shape, Symmetry.apply(cellMap, cellMask), Symmetry.apply(cellMap, region));
        int[] inverse = Symmetry.inverse(cellMap);
        int[] databaseCells = pattern.cells();
        int[] members = new int[databaseCells.length];
        for (int i = 0; i < members.length; i++) {
            members[i] = Puzzle.canonicalLabel(inverse[databaseCells[i]], goalBlank);
        }
        return GroupLookup.of(index, databases.apply(pattern), members, cellMap, wait);
    }

    /** The symmetry giving the smallest image of the cells, then of the blank's region. */
    private static int[] canonicalMap(Shape shape, long cellMask, long blankRegion) {
        int[] best = null;
        long bestCells = 0;
        long bestRegion = 0;
        for (int[] map : Symmetry.of(shape)) {
            long cells = Symmetry.apply(map, cellMask);
            long region = Symmetry.apply(map, blankRegion);
            int order = best == null ? -1 : Long.compareUnsigned(cells, bestCells);
            if (order < 0 || order == 0 && Long.compareUnsigned(region, bestRegion) < 0) {
                best = map;
                bestCells = cells;
                bestRegion = region;
            }
        }
        return best;
    }
}
