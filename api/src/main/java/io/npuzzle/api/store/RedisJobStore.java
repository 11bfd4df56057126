package io.npuzzle.api.store;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.Admission;
import io.npuzzle.api.jobs.Cancellation;
import io.npuzzle.api.jobs.Client;
import io.npuzzle.api.jobs.Dispatch;
import io.npuzzle.api.jobs.FinishedJob;
import io.npuzzle.api.jobs.JobSnapshot;
import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.api.jobs.LaneWindow;
import io.npuzzle.api.jobs.Redrive;
import io.npuzzle.api.jobs.StaleJobs;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.ClientLabel;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobProgress;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.JobScripts.Cancelled;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.Encoded;
import io.npuzzle.runtime.json.JsonCodec;
import io.quarkus.redis.datasource.hash.ReactiveHashCommands;
import io.quarkus.redis.datasource.keys.KeyScanArgs;
import io.quarkus.redis.datasource.keys.ReactiveKeyScanCursor;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Jobs as hashes in Redis, changed only by the atomic {@link JobScripts}. */
@ApplicationScoped
public class RedisJobStore implements JobStore {

    /** Keys each step of {@link #indexOpenJobs} asks SCAN for. */
    private static final int INDEX_SCAN_COUNT = 500;

    private final RedisCalls calls;
    private final ReactiveHashCommands<String, String, String> hashes;
    private final JsonCodec json;
    private final String ttlSeconds;
    private final ApiConfig.Redrive redrive;
    private final ApiConfig.FairShare fairShare;

    RedisJobStore(RedisCalls calls, JsonCodec json, ApiConfig config) {
        this.calls = calls;
        this.hashes = calls.redis().hash(String.class);
        this.json = json;
        this.ttlSeconds = Long.toString(config.jobTtl().toSeconds());
        this.redrive = config.redrive();
        this.fairShare = config.fairShare();
    }

    @Override
    public Uni<Admission> create(Encoded<SolveRequest> encoded, SolveCost lane, Client client) {
        SolveRequest request = encoded.value();
        List<String> keys = new ArrayList<>(List.of(RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS,
                RedisKeys.laneHandedOut(lane), RedisKeys.laneClients(lane), RedisKeys.laneQueue(lane, client.id()),
                RedisKeys.laneWeights(lane), RedisKeys.laneStarted(lane), RedisKeys.laneSlots(lane),
                RedisKeys.laneIdleSlots(lane)));
        // The quick lane's workers take a quiet client's job at once (a place lent to it); a heavy job waits for an
        // idle heavy slot, which the lane publishes for.
        if (lane == SolveCost.QUICK) {
            keys.add(RedisKeys.laneLent(lane));
        }
        return calls.eval(JobScripts.CREATE_IN_LANE, keys, withWindow(lane, ttlSeconds, encoded.json(),
                        request.jobId(), Long.toString(StaleJobs.quietLimit(redrive, lane).toMillis()), client.id(),
                        Integer.toString(client.weight()), request.owner() == null ? "" : request.owner()))
                .map(reply -> reply.toInteger() == 1 ? Admission.PUBLISH_NOW : Admission.WAIT_ITS_TURN);
    }

    @Override
    public Uni<Dispatch> dispatch(SolveCost lane, int most) {
        List<String> keys = List.of(RedisKeys.laneHandedOut(lane), RedisKeys.laneClients(lane),
                RedisKeys.laneWeights(lane), RedisKeys.OPEN_JOBS, RedisKeys.laneStarted(lane),
                RedisKeys.laneSlots(lane), RedisKeys.laneIdleSlots(lane));
        return calls.eval(JobScripts.DISPATCH, keys, withWindow(lane, RedisKeys.laneQueuePrefix(lane),
                RedisKeys.JOB_KEY_PREFIX, Long.toString(StaleJobs.quietLimit(redrive, lane).toMillis()),
                Integer.toString(most))).map(reply -> {
            List<Encoded<SolveRequest>> handedOut = new ArrayList<>(reply.size() - 2);
            for (int i = 2; i < reply.size(); i++) {
                handedOut.add(json.decoded(reply.get(i).toString(), SolveRequest.class));
            }
            return new Dispatch(reply.get(0).toInteger(), reply.get(1).toLong(), handedOut);
        });
    }

    /** The script's arguments followed by the lane's most and least window and its lead time (milliseconds). */
    private String[] withWindow(SolveCost lane, String... args) {
        LaneWindow window = LaneWindow.of(fairShare, lane);
        String[] all = Arrays.copyOf(args, args.length + 3);
        all[args.length] = Integer.toString(window.most());
        all[args.length + 1] = Integer.toString(window.least());
        all[args.length + 2] = Long.toString(window.leadTime().toMillis());
        return all;
    }

    @Override
    public Uni<Map<SolveCost, Long>> waiting(Client client) {
        SolveCost[] lanes = SolveCost.values();
        List<String> queues = Arrays.stream(lanes).map(lane -> RedisKeys.laneQueue(lane, client.id())).toList();
        return calls.eval(JobScripts.WAITING, queues).map(reply -> {
            Map<SolveCost, Long> waiting = new EnumMap<>(SolveCost.class);
            for (int i = 0; i < lanes.length; i++) {
                waiting.put(lanes[i], reply.get(i).toLong());
            }
            return waiting;
        });
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
        return calls.guarded(hashes.hgetall(RedisKeys.job(jobId))).flatMap(fields -> {
            JobSnapshot snapshot = toSnapshot(fields);
            return snapshot != null && isUnindexed(fields)
                    ? index(json.read(fields.get(RedisKeys.REQUEST_FIELD), SolveRequest.class)).replaceWith(snapshot)
                    : Uni.createFrom().item(snapshot);
        });
    }

    @Override
    public Uni<List<Optional<FinishedJob>>> finishAll(List<Encoded<SolveOutcome>> outcomes) {
        List<Integer> sent = new ArrayList<>(outcomes.size());
        List<RedisCalls.Call> finishes = new ArrayList<>(outcomes.size());
        for (int i = 0; i < outcomes.size(); i++) {
            String jobId = outcomes.get(i).value().jobId();
            if (JobIds.isWellFormed(jobId)) {
                sent.add(i);
                finishes.add(new RedisCalls.Call(endKeys(jobId), outcomes.get(i).json(), RedisKeys.FINISHED_CHANNEL,
                        jobId));
            }
        }
        Uni<List<Response>> replies = finishes.isEmpty() ? Uni.createFrom().item(List.of())
                : calls.evalAll(JobScripts.FINISH, finishes);
        return replies.map(each -> {
            List<Optional<FinishedJob>> finished = new ArrayList<>(Collections.nCopies(outcomes.size(),
                    Optional.empty()));
            for (int i = 0; i < each.size(); i++) {
                Response reply = each.get(i);
                if (reply.get(0).toInteger() == 1) {
                    finished.set(sent.get(i), Optional.of(new FinishedJob(ClientLabel.of(reply.get(1).toString()),
                            json.read(reply.get(2).toString(), SolveRequest.class))));
                }
            }
            return finished;
        });
    }

    @Override
    public Uni<Cancellation> cancel(SolveOutcome cancellation) {
        String jobId = cancellation.jobId();
        if (!JobIds.isWellFormed(jobId)) {
            return Uni.createFrom().item(Cancellation.refused(Cancelled.UNKNOWN));
        }
        return calls.eval(JobScripts.CANCEL, endKeys(jobId), json.write(cancellation),
                        RedisKeys.FINISHED_CHANNEL, RedisKeys.CANCELLED_CHANNEL, jobId).map(reply -> {
                    Cancelled verdict = Cancelled.of(reply.get(0).toLong());
                    return verdict == Cancelled.CANCELLED
                            ? Cancellation.of(json.read(reply.get(1).toString(), SolveRequest.class))
                            : Cancellation.refused(verdict);
                });
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

    @Override
    public Uni<Integer> indexOpenJobs() {
        ReactiveKeyScanCursor<String> cursor = calls.redis().key(String.class)
                .scan(new KeyScanArgs().match(RedisKeys.JOB_KEY_PREFIX + "*").count(INDEX_SCAN_COUNT));
        return Multi.createBy().repeating().uni(() -> calls.guarded(cursor.next())).whilst(keys -> cursor.hasNext())
                .onItem().transformToUniAndConcatenate(keys -> keys.isEmpty() ? Uni.createFrom().item(0)
                        : calls.eval(JobScripts.UNINDEXED_JOBS, List.copyOf(keys)).flatMap(this::indexAll))
                .collect().with(Collectors.summingInt(Integer::intValue));
    }

    /** Indexes the jobs whose requests {@link JobScripts#UNINDEXED_JOBS} returned; the number indexed. */
    private Uni<Integer> indexAll(Response requests) {
        List<Uni<Boolean>> indexed = new ArrayList<>(requests.size());
        requests.forEach(request -> indexed.add(index(json.read(request.toString(), SolveRequest.class))));
        return Uni.join().all(indexed).andFailFast()
                .map(all -> (int) all.stream().filter(Boolean::booleanValue).count());
    }

    private Uni<Boolean> index(SolveRequest request) {
        long quietMillis = StaleJobs.quietLimit(redrive, request.lane()).toMillis();
        return calls.eval(JobScripts.INDEX_OPEN, jobKeys(request.jobId()), Long.toString(quietMillis),
                request.jobId(), Long.toString(request.submittedAt().toEpochMilli()))
                .map(reply -> reply.toInteger() == 1);
    }

    /** An open job that is not in the open jobs: stored by a version that kept no such index. */
    private static boolean isUnindexed(Map<String, String> fields) {
        return !fields.containsKey(RedisKeys.OUTCOME_FIELD) && !fields.containsKey(RedisKeys.REDRIVE_AFTER_FIELD);
    }

    /** A job's hash and the open jobs, the keys of the scripts that create or index it. */
    private static List<String> jobKeys(String jobId) {
        return List.of(RedisKeys.job(jobId), RedisKeys.OPEN_JOBS);
    }

    /** The keys of the scripts that end a job: its hash, the open jobs and the lanes' jobs handed out. */
    private static List<String> endKeys(String jobId) {
        return List.of(RedisKeys.job(jobId), RedisKeys.OPEN_JOBS, RedisKeys.laneHandedOut(SolveCost.QUICK),
                RedisKeys.laneHandedOut(SolveCost.HEAVY));
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
