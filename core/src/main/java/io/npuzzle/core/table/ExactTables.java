package io.npuzzle.core.table;

import io.npuzzle.core.board.Shape;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Exact tables built on first use and kept: one per shape and goal blank cell, which thanks to relabelling
 * covers every goal. Concurrent callers asking for the same table wait for one build.
 */
public final class ExactTables {

    private final ConcurrentHashMap<String, ExactTable> tables = new ConcurrentHashMap<>();

    public ExactTable get(Shape shape, int goalBlank) {
        return tables.computeIfAbsent(shape + "@" + goalBlank, key -> ExactTable.build(shape, goalBlank));
    }
}
