package io.npuzzle.api.store;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.JobSnapshot;
import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.api.jobs.Redrive;
import io.npuzzle.api.jobs.StaleJobs;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobProgress;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.JobScripts.Cancelled;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.quarkus.redis.datasource.hash.ReactiveHashCommands;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Jobs as hashes in Redis, changed only by the atomic {@link JobScripts}. */
@ApplicationScoped
public class RedisJobStore implements JobStore {

    private final RedisCalls calls;
    private final ReactiveHashCommands<String, String, String> hashes;
    private final JsonCodec json;
    private final String ttlSeconds;
    private final ApiConfig.Redrive redrive;

    RedisJobStore(RedisCalls calls, JsonCodec json, ApiConfig config) {
        this.calls = calls;
        this.hashes = calls.redis().hash(String.class);
        this.json = json;
        this.ttlSeconds = Long.toString(config.jobTtl().toSeconds());
        this.redrive = config.redrive();
    }

    @Override
    public Uni<Void> create(SolveRequest request, SolveCost lane) {
        return calls.eval(JobScripts.CREATE, jobKeys(request.jobId()), ttlSeconds, json.write(request),
                request.jobId(), Long.toString(StaleJobs.quietLimit(redrive, lane).toMillis())).replaceWithVoid();
    }

    @Override
    public Uni<Boolean> admitHeavy(SolveRequest request, int limit) {
        return calls.eval(JobScripts.ADMIT_HEAVY, RedisKeys.heavyJobs(request.owner()), Integer.toString(limit),
                request.jobId(), RedisKeys.JOB_KEY_PREFIX, ttlSeconds).map(reply -> reply.toInteger() == 1);
    }

    @Override
    public Uni<Void> createFinished(SolveRequest request, SolveOutcome outcome) {
        return calls.eval(JobScripts.CREATE, jobKeys(request.jobId()), ttlSeconds, json.write(request),
                request.jobId(), "0", json.write(outcome)).replaceWithVoid();
    }

    @Override
    public Uni<Job> find(String jobId) {
        return snapshot(jobId).map(snapshot -> snapshot == null ? null : snapshot.job());
    }

    @Override
    public Uni<JobSnapshot> snapshot(String jobId) {
        if (!JobIds.isWellFormed(jobId)) {
            return Uni.createFrom().nullItem();
        }
        return calls.guarded(hashes.hgetall(RedisKeys.job(jobId))).map(this::toSnapshot);
    }

    @Override
    public Uni<Boolean> finish(SolveOutcome outcome) {
        if (!JobIds.isWellFormed(outcome.jobId())) {
            return Uni.createFrom().item(false);
        }
        return calls.eval(JobScripts.FINISH, jobKeys(outcome.jobId()), json.write(outcome),
                RedisKeys.FINISHED_CHANNEL, outcome.jobId()).map(reply -> reply.toInteger() == 1);
    }

    @Override
    public Uni<Cancelled> cancel(SolveOutcome cancellation) {
        String jobId = cancellation.jobId();
        if (!JobIds.isWellFormed(jobId)) {
            return Uni.createFrom().item(Cancelled.UNKNOWN);
        }
        return calls.eval(JobScripts.CANCEL, jobKeys(jobId), json.write(cancellation),
                        RedisKeys.FINISHED_CHANNEL, RedisKeys.CANCELLED_CHANNEL, jobId)
                .map(reply -> Cancelled.of(reply.toLong()));
    }

    @Override
    public Uni<List<Redrive>> claimRedrives(int most) {
        return calls.eval(JobScripts.CLAIM_REDRIVES, RedisKeys.OPEN_JOBS, RedisKeys.JOB_KEY_PREFIX,
                Integer.toString(most)).map(reply -> {
            List<Redrive> claimed = new ArrayList<>();
            for (int i = 0; i + 2 < reply.size(); i += 3) {
                claimed.add(new Redrive(json.read(reply.get(i + 1).toString(), SolveRequest.class),
                        reply.get(i + 2).toInteger()));
            }
            return claimed;
        });
    }

    /** A job's hash and the open jobs, the keys of the scripts that create, finish or cancel it. */
    private static List<String> jobKeys(String jobId) {
        return List.of(RedisKeys.job(jobId), RedisKeys.OPEN_JOBS);
    }

    private JobSnapshot toSnapshot(Map<String, String> fields) {
        String request = fields.get(RedisKeys.REQUEST_FIELD);
        if (request == null) {
            return null;
        }
        String outcome = fields.get(RedisKeys.OUTCOME_FIELD);
        String progress = fields.get(RedisKeys.PROGRESS_FIELD);
        Job job = Job.of(json.read(request, SolveRequest.class), fields.containsKey(RedisKeys.STARTED_FIELD),
                outcome == null ? null : json.read(outcome, SolveOutcome.class),
                progress == null ? null : json.read(progress, JobProgress.class));
        String revision = fields.get(RedisKeys.REVISION_FIELD);
        // Jobs stored before revisions were counted have none: each of their snapshots is as good as the first.
        return new JobSnapshot(job, revision == null ? 1 : Long.parseLong(revision));
    }
}
