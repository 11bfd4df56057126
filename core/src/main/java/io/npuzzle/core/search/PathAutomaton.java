package io.npuzzle.core.search;

import io.npuzzle.core.board.Move;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which blank moves a depth-first search may skip because they end a sequence that another one, no longer and
 * earlier in order, turns into the same board: the finite-state machine of Taylor and Korf ("Pruning duplicate
 * nodes in depth-first search", AAAI 1993). Sequences are compared on an unbounded grid, and one is pruned only
 * when the sequence that replaces it stays within the rows and columns it visits, so wherever the pruned one fits
 * a board the replacement does too. Every board keeps its shortest path that comes first in order, so IDA* stays
 * optimal; and since a search, or a list of subtrees made with another machine, never prunes that path either,
 * machines of different lengths may share one search.
 *
 * <p>The sequences are every such one of up to 12 moves, 2,536 besides the four that undo a move, listed in
 * {@link #SEQUENCES}: the walk over every sequence that finds them takes a few hundred milliseconds (the tests
 * walk it again), the machine is made from the list in a few tens. They lower the number of children a node
 * has, so that IDA* expands fewer nodes ({@code bench/korf} and {@code bench/shapes} print the counts); longer
 * sequences save little more for many more states. A state is a node of the sequences' Aho-Corasick automaton
 * (9,223 of them); {@link #transitions} maps state and move to the next state, or to {@link #PRUNED}.
 */
public final class PathAutomaton {

    /** The resource beside this class that lists the pruned sequences, one a line in move letters. */
    static final String SEQUENCES = "duplicate-move-sequences.txt";
    public static final int START = 0;
    public static final int PRUNED = -1;
    private static final int MOVES = 4;

    private final int[] transitions;

    private PathAutomaton(int[] transitions) {
        this.transitions = transitions;
    }

    /** The machine of the sequences in {@link #SEQUENCES}, made once, when first asked for (tens of milliseconds). */
    public static PathAutomaton standard() {
        return Standard.INSTANCE;
    }

    /** Per state and move ({@code state << 2 | move}), the next state or {@link #PRUNED}. */
    public int[] transitions() {
        return transitions;
    }

    public int next(int state, int move) {
        return transitions[state << 2 | move];
    }

    public int states() {
        return transitions.length / MOVES;
    }

    /**
     * The machine that prunes a move undoing the one before and every sequence given (in move letters): the
     * Aho-Corasick automaton of their trie, without the nodes where a sequence ends.
     */
    static PathAutomaton of(List<String> sequences) {
        int letters = 2 * MOVES;
        for (String sequence : sequences) {
            letters += sequence.length();
        }
        // The trie: per node and move, the child or -1; where a sequence ends.
        int[] children = new int[(letters + 1) * MOVES];
        Arrays.fill(children, -1);
        boolean[] ends = new boolean[letters + 1];
        int nodes = 1;
        List<String> all = new ArrayList<>(sequences);
        for (Move move : Move.all()) {
            all.add("" + move.letter() + move.opposite().letter());
        }
        for (String sequence : all) {
            int node = 0;
            for (int i = 0; i < sequence.length(); i++) {
                int at = node << 2 | Move.ofLetter(sequence.charAt(i)).ordinal();
                if (children[at] < 0) {
                    children[at] = nodes++;
                }
                node = children[at];
            }
            ends[node] = true;
        }
        // Breadth first from the root: the longest proper suffix in the trie of each node (fail), and the goto.
        int[] go = new int[nodes * MOVES];
        int[] fail = new int[nodes];
        int[] order = new int[nodes];
        int ordered = 1;
        for (int head = 0; head < ordered; head++) {
            int node = order[head];
            ends[node] |= ends[fail[node]];
            for (int move = 0; move < MOVES; move++) {
                int child = children[node << 2 | move];
                int fallback = node == 0 ? 0 : go[fail[node] << 2 | move];
                if (child < 0) {
                    go[node << 2 | move] = fallback;
                } else {
                    go[node << 2 | move] = child;
                    fail[child] = fallback;
                    order[ordered++] = child;
                }
            }
        }
        int[] live = new int[nodes];
        int liveCount = 0;
        for (int i = 0; i < ordered; i++) {
            live[order[i]] = ends[order[i]] ? PRUNED : liveCount++;
        }
        int[] transitions = new int[liveCount * MOVES];
        for (int i = 0; i < ordered; i++) {
            int node = order[i];
            for (int move = 0; move < MOVES && live[node] != PRUNED; move++) {
                transitions[live[node] << 2 | move] = live[go[node << 2 | move]];
            }
        }
        return new PathAutomaton(transitions);
    }

    /** The sequences of {@link #SEQUENCES}, in its order; lines that start with # say what the file holds. */
    static List<String> storedSequences() {
        try (InputStream in = PathAutomaton.class.getResourceAsStream(SEQUENCES)) {
            if (in == null) {
                throw new IllegalStateException(SEQUENCES + " is missing from the class path");
            }
            List<String> sequences = new ArrayList<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    sequences.add(line.strip());
                }
            }
            return sequences;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Standard {
        static final PathAutomaton INSTANCE = of(storedSequences());
    }
}
