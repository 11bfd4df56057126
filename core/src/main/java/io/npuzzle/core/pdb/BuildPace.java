package io.npuzzle.core.pdb;

/**
 * Whether a database build goes on now or gives way to other work: the builder's threads ask between chunks of
 * work, and one that gives way parks, holding what it built so far, until it may go on.
 */
@FunctionalInterface
public interface BuildPace {

    /** Never gives way: builds that a caller waits for, and builds with the machine to themselves. */
    BuildPace FULL = () -> false;

    /** True while the build should give way; cheap, since every thread of a build asks it between chunks. */
    boolean givesWay();
}
