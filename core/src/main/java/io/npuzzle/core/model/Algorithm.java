package io.npuzzle.core.model;

/** An algorithm that takes part in a solve. */
public enum Algorithm {
    /** Solvability by permutation parity, and the solved board. */
    PARITY("parity"),
    /** A look-up in a table of exact distances. */
    EXACT_TABLE("exact-table"),
    /** A* with Manhattan distance and linear conflicts. */
    A_STAR("a-star"),
    /** IDA* with additive pattern databases. */
    IDA_STAR_PDB("ida-star-pdb"),
    /** Placing rows and columns one by one until a small region is left. */
    REDUCTION("reduction"),
    /** Beam search over whole boards, placing the outer tiles of a large region together. */
    BEAM("beam");

    private final String label;

    Algorithm(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
