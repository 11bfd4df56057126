package io.npuzzle.worker.inmemory;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.worker.jobs.JobStart;
import io.npuzzle.worker.jobs.JobStartStore;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Jobs in a map, started by the rules of {@link JobScripts#START}. */
public final class InMemoryJobStarts implements JobStartStore {

    private final int maxDeliveries;
    /** The jobs that exist, with their deliveries so far. */
    private final Map<String, Integer> deliveries = new HashMap<>();
    private final Set<String> finished = new HashSet<>();

    public InMemoryJobStarts(int maxDeliveries) {
        this.maxDeliveries = maxDeliveries;
    }

    /** A job as the API creates it. */
    public synchronized void create(String jobId) {
        deliveries.put(jobId, 0);
    }

    /** The job gets an outcome, as when the API records one or cancels the job. */
    public synchronized void finish(String jobId) {
        finished.add(jobId);
    }

    /** The job expires. */
    public synchronized void expire(String jobId) {
        deliveries.remove(jobId);
    }

    public synchronized int deliveries(String jobId) {
        return deliveries.getOrDefault(jobId, 0);
    }

    @Override
    public synchronized boolean awaitsOutcome(String jobId) {
        return deliveries.containsKey(jobId) && !finished.contains(jobId);
    }

    @Override
    public synchronized JobStart start(String jobId, SolveCost lane) {
        if (!deliveries.containsKey(jobId)) {
            return new JobStart.Skip(JobScripts.Started.GONE);
        }
        if (finished.contains(jobId)) {
            return new JobStart.Skip(JobScripts.Started.FINISHED);
        }
        int delivery = deliveries.merge(jobId, 1, Integer::sum);
        if (delivery > maxDeliveries) {
            return new JobStart.Exhausted(delivery);
        }
        return new JobStart.Run();
    }
}
