package io.npuzzle.worker.inmemory;

import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.worker.jobs.ProgressReports;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Progress reports kept per job, in the order they came. */
public final class RecordingProgress implements ProgressReports {

    private final Map<String, List<SearchProgress>> reports = new ConcurrentHashMap<>();

    @Override
    public ProgressListener forJob(String jobId) {
        return progress -> reports.computeIfAbsent(jobId, id -> new CopyOnWriteArrayList<>()).add(progress);
    }

    public List<SearchProgress> of(String jobId) {
        return List.copyOf(reports.getOrDefault(jobId, List.of()));
    }
}
