package io.npuzzle.core.rank;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class PermutationRankTest {

    @Test
    void ranksAllPermutationsInLexicographicOrder() {
        int n = 6;
        byte[] perm = {0, 1, 2, 3, 4, 5};
        byte[] back = new byte[n];
        for (long expected = 0; expected < PermutationRank.factorial(n); expected++) {
            assertEquals(expected, PermutationRank.rank(perm, n));
            PermutationRank.unrank(expected, n, back);
            assertArrayEquals(perm, back);
            nextPermutation(perm);
        }
    }

    @Test
    void roundTripsTwentyElements() {
        Random random = new Random(7);
        int n = PermutationRank.MAX_SIZE;
        byte[] perm = new byte[n];
        byte[] back = new byte[n];
        for (int trial = 0; trial < 1000; trial++) {
            shuffle(perm, random);
            long rank = PermutationRank.rank(perm, n);
            PermutationRank.unrank(rank, n, back);
            assertArrayEquals(perm, back);
        }
        byte[] last = new byte[n];
        for (int i = 0; i < n; i++) {
            last[i] = (byte) (n - 1 - i);
        }
        assertEquals(PermutationRank.factorial(n) - 1, PermutationRank.rank(last, n));
    }

    private static void shuffle(byte[] perm, Random random) {
        for (int i = 0; i < perm.length; i++) {
            perm[i] = (byte) i;
        }
        for (int i = perm.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            byte t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
    }

    /** Textbook next permutation, independent of the code under test. */
    private static void nextPermutation(byte[] a) {
        int i = a.length - 2;
        while (i >= 0 && a[i] >= a[i + 1]) {
            i--;
        }
        if (i < 0) {
            return;
        }
        int j = a.length - 1;
        while (a[j] <= a[i]) {
            j--;
        }
        byte t = a[i];
        a[i] = a[j];
        a[j] = t;
        for (int l = i + 1, r = a.length - 1; l < r; l++, r--) {
            t = a[l];
            a[l] = a[r];
            a[r] = t;
        }
    }
}
