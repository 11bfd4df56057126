package io.npuzzle.protocol;

import java.util.UUID;

/**
 * Names of split searches. Each split search has an id of its own, so that the end of one never stops another of
 * the same puzzle; its puzzle and {@link Quality} name where that id is found, so that a worker that takes a job
 * over after its coordinator died finds the search where it stood. Both are 32 lower-case hex digits, safe in
 * record keys and Redis keys whatever the board.
 */
public final class SearchIds {

    private SearchIds() {
    }

    /** A new search's id. */
    public static String random() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /** Under which name the split search of a puzzle at a quality is found. */
    public static String ofPuzzle(String canonicalKey, Quality quality) {
        return Hashes.sha256Hex(canonicalKey + ":" + quality.label()).substring(0, 32);
    }

    /** Whether {@code id} could be a search id or a puzzle's search name. */
    public static boolean isWellFormed(String id) {
        return id != null && id.matches("[0-9a-f]{32}");
    }
}
