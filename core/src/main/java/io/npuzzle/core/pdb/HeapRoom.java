package io.npuzzle.core.pdb;

/**
 * How much of the heap databases may take, so that the searches keep room: a build at most three quarters of what
 * is free, a background load of the large set at most half (the standard set answers meanwhile).
 */
final class HeapRoom {

    private HeapRoom() {
    }

    /** Bytes of heap free now, counting garbage not yet collected as used. */
    static long free() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    /** Whether databases of {@code bytes} may be loaded in the background with {@code freeHeap} bytes free. */
    static boolean fitsBeside(long bytes, long freeHeap) {
        return bytes <= freeHeap / 2;
    }

    /** Whether a build that needs {@code bytes} may run with {@code freeHeap} bytes free. */
    static boolean allowsBuild(long bytes, long freeHeap) {
        return bytes <= freeHeap * 3 / 4;
    }
}
