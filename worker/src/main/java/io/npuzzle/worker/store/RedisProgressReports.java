package io.npuzzle.worker.store;

import io.npuzzle.core.model.DatabaseWait;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.protocol.JobProgress;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.redis.RedisScripts;
import io.npuzzle.worker.jobs.ProgressReports;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Progress in the job's hash by {@link JobScripts#PROGRESS}, announced on the changed channel. Sent without
 * waiting for the reply, so that the search thread reporting it never waits for Redis; a report lost while Redis
 * is away only leaves the last one standing until the next.
 */
@ApplicationScoped
public class RedisProgressReports implements ProgressReports {

    private static final Logger LOG = Logger.getLogger(RedisProgressReports.class);

    private final ReactiveRedisDataSource redis;
    private final JsonCodec json;

    RedisProgressReports(ReactiveRedisDataSource redis, JsonCodec json) {
        this.redis = redis;
        this.json = json;
    }

    @Override
    public ProgressListener forJob(String jobId) {
        return new ProgressListener() {
            @Override
            public void report(SearchProgress progress) {
                record(jobId, JobProgress.of(progress));
            }

            @Override
            public void waiting(DatabaseWait wait) {
                record(jobId, JobProgress.of(wait));
            }
        };
    }

    private void record(String jobId, JobProgress progress) {
        RedisScripts.run(redis, JobScripts.PROGRESS, "2", RedisKeys.job(jobId), RedisKeys.OPEN_JOBS,
                        json.write(progress), RedisKeys.CHANGED_CHANNEL, jobId)
                .subscribe().with(reply -> { }, failure -> LOG.debugf("progress of job %s not recorded: %s", jobId,
                        failure.getMessage()));
    }
}
