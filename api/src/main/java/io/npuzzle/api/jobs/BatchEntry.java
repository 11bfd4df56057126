package io.npuzzle.api.jobs;

import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.SolveRequest;

/** One entry of a batch once validated: a request to accept, or the problem that keeps it out. */
public sealed interface BatchEntry {

    record Valid(SolveRequest request) implements BatchEntry {
    }

    record Refused(Problem problem) implements BatchEntry {
    }
}
