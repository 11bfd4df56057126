package io.npuzzle.protocol;

import io.npuzzle.core.model.DatabaseWait;

/**
 * The pattern databases a RUNNING job waits for before its search starts (see {@link DatabaseWait}).
 *
 * @param databases which ({@code 5x5}, or {@code 4x4 7-8} for a large set)
 * @param stored    how many of them are stored
 * @param total     how many the search reads
 * @param building  the share of the next one built so far, from 0 to 1; null while it waits for a build
 */
public record DatabaseProgress(String databases, int stored, int total, Double building) {

    public static DatabaseProgress of(DatabaseWait wait) {
        return new DatabaseProgress(wait.databases(), wait.stored(), wait.total(), wait.building());
    }
}
