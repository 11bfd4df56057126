package io.npuzzle.worker.inmemory;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.worker.jobs.JobFlow;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.solve.CacheAndLockAnswers;
import io.npuzzle.worker.solve.SingleFlightAnswers;
import io.npuzzle.worker.solve.SolveRetries;

import java.time.Duration;
import java.time.Instant;

/**
 * The job flow as the worker wires it, with the real answering logic (single flight, cache, locks, attempts) over
 * in-memory stores and a scripted solver instead of Redis and the core's searches.
 */
public final class JobFlowFixture {

    public static final String WORKER_ID = "test-worker";
    public static final int ATTEMPTS = 3;
    public static final int MAX_DELIVERIES = 3;

    public final InMemorySolutionCache cache = new InMemorySolutionCache();
    public final InMemoryJobStarts starts = new InMemoryJobStarts(MAX_DELIVERIES);
    public final InMemorySolveLocks locks = new InMemorySolveLocks();
    public final InMemoryCancellations cancellations = new InMemoryCancellations();
    public final ScriptedSolver solver = new ScriptedSolver();
    public final RecordingMetrics metrics = new RecordingMetrics();
    public final RecordingProgress progress = new RecordingProgress();
    public final JobFlow flow = new JobFlow(starts, new SingleFlightAnswers(new CacheAndLockAnswers(cache, locks,
            new SolveRetries(solver, ATTEMPTS, new GracefulStop(Duration.ZERO)), Duration.ofSeconds(5))),
            cancellations, progress, metrics, WORKER_ID);

    /** A job for a 3x3 board, optimal, as the API would queue it. */
    public SolveRequest submit(String board) {
        return submit(board, 3, 3, Quality.OPTIMAL);
    }

    /** A job as the API would queue it: created, with its board normalised. */
    public SolveRequest submit(String board, int rows, int cols, Quality quality) {
        Puzzle puzzle = Puzzle.parse(board, rows, cols, null);
        SolveRequest request = new SolveRequest(JobIds.next(), puzzle.canonicalKey(), puzzle.start().toString(),
                rows, cols, puzzle.goal().toString(), quality.mode(), Instant.now(), quality.ratio(), null,
                quality.maxSeconds());
        starts.create(request.jobId());
        return request;
    }

    /** A job whose board the API would never have accepted. */
    public SolveRequest submitUnchecked(String board) {
        SolveRequest request = new SolveRequest(JobIds.next(), "unchecked", board, 3, 3, null, Mode.OPTIMAL,
                Instant.now());
        starts.create(request.jobId());
        return request;
    }
}
