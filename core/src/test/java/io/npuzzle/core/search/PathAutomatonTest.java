package io.npuzzle.core.search;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PathAutomatonTest {

    private static final PathAutomaton MACHINE = PathAutomaton.standard();
    private static final int LONGEST_SEQUENCE = 12;
    private static final String HEADER = """
            # Blank-move sequences of up to 12 moves that an earlier sequence, no longer and within the rows and
            # columns they visit, turns into the same board: io.npuzzle.core.search.PathAutomaton prunes them.
            # One a line, shortest first, then in move order (u, d, l, r); PathAutomatonTest finds them again.
            """;

    @Test
    void theStoredSequencesAreEveryDuplicateOfUpToTwelveMoves() throws IOException {
        List<String> found = DuplicateSequenceFinder.upTo(LONGEST_SEQUENCE);
        List<String> stored = PathAutomaton.storedSequences();
        if (!found.equals(stored)) {
            List<String> lines = new ArrayList<>(List.of(HEADER.strip().split("\n")));
            lines.addAll(found);
            Path written = Path.of("target", PathAutomaton.SEQUENCES);
            Files.write(written, lines, StandardCharsets.US_ASCII);
            assertEquals(found, stored, "the sequences found are in " + written.toAbsolutePath()
                    + ": copy it over src/main/resources/io/npuzzle/core/search/" + PathAutomaton.SEQUENCES);
        }
        assertEquals(2536, stored.size());
    }

    @Test
    void aMoveThatUndoesTheOneBeforeIsPruned() {
        for (Move move : Move.all()) {
            int state = MACHINE.next(PathAutomaton.START, move.ordinal());
            assertNotEquals(PathAutomaton.PRUNED, state);
            assertEquals(PathAutomaton.PRUNED, MACHINE.next(state, move.opposite().ordinal()));
        }
    }

    @Test
    void halfATurnOfTheBlankAroundABlockIsPrunedOneWayOnly() {
        // Six moves clockwise around the block up and to the left give the board six moves anticlockwise give.
        assertEquals(PathAutomaton.PRUNED, walk("lurdlu"));
        assertNotEquals(PathAutomaton.PRUNED, walk("uldrul"));
        assertNotEquals(PathAutomaton.PRUNED, walk("lurdl"));
    }

    @Test
    void everyBoardKeepsAShortestPathThroughTheMachine() {
        for (Shape shape : new Shape[] {Shape.of(3, 4), Shape.of(4, 4), Shape.of(2, 5)}) {
            for (int blank : new int[] {0, shape.size() / 2 + 1, shape.size() - 1}) {
                Long2IntOpenHashMap shortest = distances(shape, blank, 16);
                Long2IntOpenHashMap kept = new Long2IntOpenHashMap();
                kept.defaultReturnValue(Integer.MAX_VALUE);
                keptPaths(shape, solved(shape, blank), blank, PathAutomaton.START, 0, 16, kept);
                for (Long2IntOpenHashMap.Entry entry : shortest.long2IntEntrySet()) {
                    assertEquals(entry.getIntValue(), kept.get(entry.getLongKey()),
                            "a board " + entry.getIntValue() + " moves away on " + shape + " keeps a path that long");
                }
            }
        }
    }

    @Test
    void theFourByFiveTreeFiftyMovesDeepHasFewerThanAFifthOfItsNodes() {
        Shape shape = Shape.of(4, 5);
        double parentOnly = paths(shape, 50, PathAutomaton.of(List.of()));
        double pruned = paths(shape, 50, MACHINE);
        assertTrue(pruned * 5 < parentOnly, pruned + " of " + parentOnly);
    }

    private static int walk(String moves) {
        int state = PathAutomaton.START;
        for (int i = 0; i < moves.length() && state != PathAutomaton.PRUNED; i++) {
            state = MACHINE.next(state, Move.ofLetter(moves.charAt(i)).ordinal());
        }
        return state;
    }

    /** Paths of {@code depth} moves the machine keeps, from every cell, counted per cell and state. */
    private static double paths(Shape shape, int depth, PathAutomaton machine) {
        int states = machine.states();
        double[] counts = new double[shape.size() * states];
        for (int cell = 0; cell < shape.size(); cell++) {
            counts[cell * states] = 1;
        }
        double total = 0;
        for (int d = 0; d < depth; d++) {
            double[] next = new double[counts.length];
            total = 0;
            for (int cell = 0; cell < shape.size(); cell++) {
                for (int state = 0; state < states; state++) {
                    double count = counts[cell * states + state];
                    if (count == 0) {
                        continue;
                    }
                    for (Move move : Move.all()) {
                        int to = shape.neighbour(cell, move);
                        int after = machine.next(state, move.ordinal());
                        if (to >= 0 && after != PathAutomaton.PRUNED) {
                            next[to * states + after] += count;
                            total += count;
                        }
                    }
                }
            }
            counts = next;
        }
        return total;
    }

    private static long solved(Shape shape, int blank) {
        long board = 0;
        for (int cell = 0, label = 1; cell < shape.size(); cell++) {
            board |= (long) (cell == blank ? 0 : label++) << (4 * cell);
        }
        return board;
    }

    private static long slide(long board, int blank, int to) {
        long tile = board >>> (4 * to) & 15;
        return board & ~(15L << (4 * to)) | tile << (4 * blank);
    }

    /** Breadth-first distances of the boards within {@code depth} moves. */
    private static Long2IntOpenHashMap distances(Shape shape, int blank, int depth) {
        Long2IntOpenHashMap distance = new Long2IntOpenHashMap();
        ArrayDeque<long[]> queue = new ArrayDeque<>();
        long start = solved(shape, blank);
        distance.put(start, 0);
        queue.add(new long[] {start, blank});
        while (!queue.isEmpty()) {
            long[] node = queue.poll();
            int d = distance.get(node[0]);
            if (d == depth) {
                continue;
            }
            for (Move move : Move.all()) {
                int to = shape.neighbour((int) node[1], move);
                if (to >= 0) {
                    long child = slide(node[0], (int) node[1], to);
                    if (!distance.containsKey(child)) {
                        distance.put(child, d + 1);
                        queue.add(new long[] {child, to});
                    }
                }
            }
        }
        return distance;
    }

    /** The fewest moves of a kept path to each board within {@code depth} moves. */
    private static void keptPaths(Shape shape, long board, int blank, int state, int g, int depth,
            Long2IntOpenHashMap kept) {
        if (g < kept.get(board)) {
            kept.put(board, g);
        }
        if (g == depth) {
            return;
        }
        for (Move move : Move.all()) {
            int to = shape.neighbour(blank, move);
            int next = MACHINE.next(state, move.ordinal());
            if (to >= 0 && next != PathAutomaton.PRUNED) {
                keptPaths(shape, slide(board, blank, to), to, next, g + 1, depth, kept);
            }
        }
    }
}
