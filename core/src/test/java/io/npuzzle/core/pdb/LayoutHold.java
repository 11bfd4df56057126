package io.npuzzle.core.pdb;

import java.util.concurrent.CountDownLatch;

/**
 * Holds the thread that lays out positional tables in the background until closed, so that a test sees tables
 * still read ranked however fast their layout would be.
 */
final class LayoutHold implements AutoCloseable {

    private final CountDownLatch release = new CountDownLatch(1);

    private LayoutHold() {
    }

    static LayoutHold start() {
        LayoutHold hold = new LayoutHold();
        PatternDatabase.LAYOUTS.execute(hold::awaitRelease);
        return hold;
    }

    private void awaitRelease() {
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        release.countDown();
    }
}
