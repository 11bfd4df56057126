package io.npuzzle.worker.messaging;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.quarkus.redis.datasource.RedisDataSource;

import java.time.Instant;

/** Creates jobs in Redis as the API would, so the worker has something to start. */
public final class TestJobs {

    /** How long the jobs made here may go without a change before the API re-drives them. */
    public static final long QUIET_MILLIS = 60_000;

    private final RedisDataSource redis;
    private final JsonCodec json;

    public TestJobs(RedisDataSource redis, JsonCodec json) {
        this.redis = redis;
        this.json = json;
    }

    public SolveRequest create(String board, int rows, int cols, String goal, Mode mode) {
        Puzzle puzzle = Puzzle.parse(board, rows, cols, goal);
        SolveRequest request = new SolveRequest(JobIds.next(), puzzle.canonicalKey(), puzzle.start().toString(), rows,
                cols, puzzle.goal().toString(), mode, Instant.now());
        redis.execute("EVAL", JobScripts.CREATE, "2", RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS, "3600",
                json.write(request), request.jobId(), Long.toString(QUIET_MILLIS));
        return request;
    }

    public SolveRequest create(String board) {
        return create(board, 3, 3, null, Mode.OPTIMAL);
    }
}
