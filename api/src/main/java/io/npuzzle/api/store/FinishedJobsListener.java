package io.npuzzle.api.store;

import io.npuzzle.api.jobs.JobWaiters;
import io.npuzzle.api.jobs.LaneDispatch;
import io.npuzzle.protocol.FinishedAnnouncement;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.redis.RedisChannels;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Follows the Redis channel on which the replica that records an outcome announces the job, and wakes this
 * replica's waiters, long polls with the job the announcement carries; a job that ends may make room in its lane
 * for the next in turn ({@link LaneDispatch}). The subscription survives a Redis restart; a long poll that misses a
 * wake-up meanwhile still ends after its wait, with the job as stored.
 */
@ApplicationScoped
public class FinishedJobsListener {

    private static final Logger LOG = Logger.getLogger(FinishedJobsListener.class);

    void listen(@Observes StartupEvent event, RedisChannels channels, JobWaiters waiters, LaneDispatch dispatch,
                JsonCodec json) {
        channels.follow(RedisKeys.FINISHED_CHANNEL, message -> {
            FinishedAnnouncement finished = FinishedAnnouncement.parse(message);
            waiters.announced(finished.jobId(), () -> job(finished, json));
            dispatch.roomMayHaveFreed();
        });
    }

    /** The finished job as the store would give it, or null (to be read) when the announcement does not carry it. */
    private static Job job(FinishedAnnouncement finished, JsonCodec json) {
        if (!finished.carriesTheJob()) {
            return null;
        }
        try {
            return Job.of(json.read(finished.request(), SolveRequest.class), true,
                    json.read(finished.outcome(), SolveOutcome.class));
        } catch (RuntimeException e) {
            LOG.debugf("announcement of job %s not read, reading the job: %s", finished.jobId(), e.getMessage());
            return null;
        }
    }
}
