package io.npuzzle.api.jobs;

/**
 * How many heavy jobs (optimal searches that may be split over every worker and run for as long as the workers'
 * search budget allows) one client may have unfinished at once, so that no client fills the cluster with them.
 */
@FunctionalInterface
public interface HeavyJobLimit {

    int perClient();
}
