package io.npuzzle.core.board;

/**
 * A start board and the goal to reach. Internally every puzzle is relabelled against its goal, so that the
 * goal becomes the "canonical" arrangement for its blank cell (tiles 1..N-1 in row order around the blank):
 * the moves that solve the relabelled board solve the original, and one table or pattern database per shape
 * and blank cell serves every goal.
 */
public final class Puzzle {

    /** One character per label; 64 symbols cover the largest (8x8) board. */
    private static final String KEY_ALPHABET =
            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

    private final Board start;
    private final Board goal;
    private final byte[] relabelled;

    public Puzzle(Board start, Board goal) {
        if (!start.shape().equals(goal.shape())) {
            throw new BoardFormatException(
                    "invalid goal: the goal is " + goal.shape() + " but the board is " + start.shape());
        }
        this.start = start;
        this.goal = goal;
        this.relabelled = relabel(start, goal);
    }

    /** A puzzle towards the default goal (blank last). */
    public static Puzzle of(Board start) {
        return new Puzzle(start, Board.solved(start.shape()));
    }

    /**
     * Parses a board and an optional goal with the shared parser.
     *
     * @param rows null when unknown
     * @param cols null when unknown
     * @param goalText null or blank for the default goal
     */
    public static Puzzle parse(String boardText, Integer rows, Integer cols, String goalText) {
        Board start = BoardParser.parse(boardText, rows, cols);
        return new Puzzle(start, BoardParser.parseGoal(goalText, start.shape()));
    }

    public Board start() {
        return start;
    }

    public Board goal() {
        return goal;
    }

    public Shape shape() {
        return start.shape();
    }

    /** The goal's blank cell; the canonical goal keeps the blank there. */
    public int goalBlank() {
        return goal.blankIndex();
    }

    /** The start relabelled against the goal: tile t becomes the canonical label of t's goal cell. */
    public byte[] relabelledStart() {
        return relabelled.clone();
    }

    public boolean isSolved() {
        return start.equals(goal);
    }

    /**
     * Solvability by permutation parity: every move swaps the blank with a neighbour, flipping both the parity
     * of the cell permutation and the parity of the blank's taxicab distance to its goal cell, and every
     * rectangular board with sides >= 2 reaches all arrangements where the two agree. This is the classic rule
     * (odd width: inversion parity; even width: inversions plus the blank's row) stated once for any goal.
     */
    public boolean isSolvable() {
        int n = relabelled.length;
        boolean[] visited = new boolean[n];
        int cycles = 0;
        for (int cell = 0; cell < n; cell++) {
            if (!visited[cell]) {
                cycles++;
                for (int c = cell; !visited[c]; c = goalCell(relabelled[c])) {
                    visited[c] = true;
                }
            }
        }
        int permutationParity = (n - cycles) & 1;
        int blankParity = shape().distance(start.blankIndex(), goalBlank()) & 1;
        return permutationParity == blankParity;
    }

    /**
     * Key of the canonical problem: shape, goal blank cell and relabelled tiles. Puzzles with equal keys have
     * exactly the same solutions, whatever their goals were written as.
     */
    public String canonicalKey() {
        StringBuilder key = new StringBuilder(8 + relabelled.length * 2);
        key.append(shape()).append(':').append(goalBlank()).append(':');
        for (byte tile : relabelled) {
            key.append(KEY_ALPHABET.charAt(tile));
        }
        return key.toString();
    }

    /** Goal cell of a canonical label for this puzzle's goal blank. */
    public int goalCell(int label) {
        return canonicalGoalCell(label, goalBlank());
    }

    /** Label that the canonical goal with the blank at {@code blank} puts in {@code cell}. */
    public static int canonicalLabel(int cell, int blank) {
        if (cell == blank) {
            return 0;
        }
        return cell < blank ? cell + 1 : cell;
    }

    /** Cell where the canonical goal with the blank at {@code blank} puts {@code label}. */
    public static int canonicalGoalCell(int label, int blank) {
        if (label == 0) {
            return blank;
        }
        return label - 1 < blank ? label - 1 : label;
    }

    private static byte[] relabel(Board start, Board goal) {
        int n = start.size();
        int blank = goal.blankIndex();
        int[] labelOfTile = new int[n];
        for (int cell = 0; cell < n; cell++) {
            labelOfTile[goal.tileAt(cell)] = canonicalLabel(cell, blank);
        }
        byte[] labels = new byte[n];
        for (int cell = 0; cell < n; cell++) {
            labels[cell] = (byte) labelOfTile[start.tileAt(cell)];
        }
        return labels;
    }
}
