package io.npuzzle.worker.inmemory;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.worker.metrics.JobMetrics;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Job metrics kept as plain counts and lists, to be asserted on. */
public final class RecordingMetrics implements JobMetrics {

    private final AtomicInteger inFlight = new AtomicInteger();
    private final List<JobStatus> finished = new CopyOnWriteArrayList<>();
    private final List<Boolean> cacheLookups = new CopyOnWriteArrayList<>();
    private final List<String> startedFor = new CopyOnWriteArrayList<>();

    @Override
    public void started() {
        inFlight.incrementAndGet();
    }

    @Override
    public void startedFor(String client, SolveCost lane) {
        startedFor.add(client + " " + lane.label());
    }

    @Override
    public void ended() {
        inFlight.decrementAndGet();
    }

    @Override
    public void finished(JobStatus status) {
        finished.add(status);
    }

    @Override
    public void cacheLookup(boolean hit) {
        cacheLookups.add(hit);
    }

    /** Each job started, as its client and lane ("anonymous quick"), in order. */
    public List<String> startedFor() {
        return List.copyOf(startedFor);
    }

    public int inFlight() {
        return inFlight.get();
    }

    public List<JobStatus> finished() {
        return List.copyOf(finished);
    }

    /** Each recorded look-up, true for a hit, in order. */
    public List<Boolean> cacheLookups() {
        return List.copyOf(cacheLookups);
    }
}
