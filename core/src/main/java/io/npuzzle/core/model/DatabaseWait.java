package io.npuzzle.core.model;

/**
 * A search that waits for its pattern databases to be built, reported about once a second while it waits: its
 * budget starts once they are ready.
 *
 * @param databases     which ({@code 5x5}, or {@code 4x4 7-8} for a large set)
 * @param stored        how many of them are stored
 * @param total         how many the search reads
 * @param building      the share of the next one built so far, from 0 to 1, when this process builds it; null when
 *                      it waits for a build (here or by another process sharing the store)
 * @param elapsedMillis time waited so far
 */
public record DatabaseWait(String databases, int stored, int total, Double building, long elapsedMillis) {
}
