package io.npuzzle.core.search;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Pools of the threads searches run on beside their caller's: daemons, so that they never keep a process up. */
public final class SearchThreads {

    private SearchThreads() {
    }

    /** A pool of {@code size} threads, or null when {@code size} is not positive. */
    public static ExecutorService pool(int size) {
        return size > 0 ? Executors.newFixedThreadPool(size, SearchThreads::daemon) : null;
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "npuzzle-search");
        thread.setDaemon(true);
        return thread;
    }
}
