package io.npuzzle.core.table;

import io.npuzzle.core.board.Shape;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Exact tables built on first use and kept: one per shape and goal blank cell, which thanks to relabelling
 * covers every goal. Concurrent callers asking for the same table wait for one build; an answer with a deadline
 * asks only for what is built, and has the rest built in the background.
 */
public final class ExactTables {

    private final ConcurrentHashMap<String, ExactTable> tables = new ConcurrentHashMap<>();
    private final Set<String> asked = ConcurrentHashMap.newKeySet();
    private final ExecutorService background = Executors.newSingleThreadExecutor(ExactTables::daemon);

    public ExactTable get(Shape shape, int goalBlank) {
        return tables.computeIfAbsent(key(shape, goalBlank), key -> ExactTable.build(shape, goalBlank));
    }

    /** The table when it is built, else null; its build then starts on a background thread, once. */
    public ExactTable ifBuilt(Shape shape, int goalBlank) {
        String key = key(shape, goalBlank);
        ExactTable table = tables.get(key);
        if (table == null && asked.add(key)) {
            background.execute(() -> get(shape, goalBlank));
        }
        return table;
    }

    private static String key(Shape shape, int goalBlank) {
        return shape + "@" + goalBlank;
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "npuzzle-table-background");
        thread.setDaemon(true);
        return thread;
    }
}
