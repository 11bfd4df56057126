package io.npuzzle.core.rank;

/**
 * Cantor expansion (Lehmer code) of permutations of 0..n-1 into 0..n!-1 and back, in lexicographic order.
 * A bit set of the values already used replaces the textbook inner loop, so ranking costs O(n) popcounts
 * instead of O(n^2) comparisons. Ranks fit a long for n <= 20.
 */
public final class PermutationRank {

    public static final int MAX_SIZE = 20;
    private static final long[] FACTORIAL = new long[MAX_SIZE + 1];

    static {
        FACTORIAL[0] = 1;
        for (int i = 1; i <= MAX_SIZE; i++) {
            FACTORIAL[i] = FACTORIAL[i - 1] * i;
        }
    }

    private PermutationRank() {
    }

    public static long factorial(int n) {
        if (n < 0 || n > MAX_SIZE) {
            throw new IllegalArgumentException("factorial of " + n + " does not fit a long");
        }
        return FACTORIAL[n];
    }

    /** Rank of the permutation held in {@code perm[0..n)}. */
    public static long rank(byte[] perm, int n) {
        long rank = 0;
        int used = 0;
        for (int i = 0; i < n; i++) {
            int value = perm[i];
            int smallerUnused = value - Integer.bitCount(used & ((1 << value) - 1));
            rank += smallerUnused * FACTORIAL[n - 1 - i];
            used |= 1 << value;
        }
        return rank;
    }

    /** Writes the permutation of rank {@code rank} into {@code out[0..n)}. */
    public static void unrank(long rank, int n, byte[] out) {
        int unused = (1 << n) - 1;
        for (int i = 0; i < n; i++) {
            long f = FACTORIAL[n - 1 - i];
            int digit = (int) (rank / f);
            rank -= digit * f;
            int bits = unused;
            for (int k = 0; k < digit; k++) {
                bits &= bits - 1; // drop the lowest unused value
            }
            int value = Integer.numberOfTrailingZeros(bits);
            out[i] = (byte) value;
            unused &= ~(1 << value);
        }
    }
}
