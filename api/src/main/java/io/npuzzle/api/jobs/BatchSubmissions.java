package io.npuzzle.api.jobs;

import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.jobs.IdempotencyKeys.Claim;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.protocol.Hashes;
import io.npuzzle.protocol.ProblemType;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Batches, with an idempotency key as single submissions have one ({@link IdempotentSubmissions}): the first
 * request with a key accepts the batch's valid entries; a retry with the same key and the same batch (entry by
 * entry the same submissions, refused entries refused alike) gets the same jobs back, in the same places; the
 * key with another batch or a single submission is refused (422), and so is a retry while the first request is
 * still being accepted (409). Like single submissions' keys, each API key's are its own. The key's claim holds
 * the batch's job ids, in order, empty for refused entries.
 */
@ApplicationScoped
public class BatchSubmissions {

    /** How many entries are handled at once; the rest wait, so one batch cannot flood Redis or Kafka. */
    private static final int CONCURRENCY = 64;
    private static final String NO_JOB = "";

    private final JobService jobs;
    private final IdempotencyKeys keys;

    public BatchSubmissions(JobService jobs, IdempotencyKeys keys) {
        this.jobs = jobs;
        this.keys = keys;
    }

    /**
     * For each entry, in order, its job or the problem that kept it out; {@code clientKey} null means no key was
     * sent; {@code caller} owns the valid entries' requests, and {@code client} has their turns in the lanes. Fails with a 503 problem when an entry cannot be
     * accepted.
     */
    public Uni<List<Object>> accept(List<BatchEntry> entries, Client client, String clientKey, Caller caller) {
        if (clientKey == null) {
            return acceptAll(entries, client);
        }
        IdempotentSubmissions.checkKey(clientKey);
        Claim claim = new Claim(fingerprint(entries), entries.stream()
                .map(entry -> entry instanceof BatchEntry.Valid valid ? valid.request().jobId() : NO_JOB)
                .collect(Collectors.joining(",")));
        String scopedKey = IdempotentSubmissions.scoped(clientKey, caller.keyName());
        return keys.claim(scopedKey, claim).flatMap(earlier -> {
            if (earlier == null) {
                return acceptAll(entries, client).onFailure().call(() -> keys.release(scopedKey));
            }
            if (!earlier.fingerprint().equals(claim.fingerprint())) {
                throw new ProblemException(ProblemType.IDEMPOTENCY_KEY_REUSED,
                        "this Idempotency-Key was used for a different submission");
            }
            return replay(entries, earlier.jobId().split(",", -1), caller);
        });
    }

    private Uni<List<Object>> acceptAll(List<BatchEntry> entries, Client client) {
        return all(entries.stream().map(entry -> entry instanceof BatchEntry.Valid valid
                ? jobs.accept(valid.request(), client).onItem().castTo(Object.class)
                : refusal((BatchEntry.Refused) entry)).toList());
    }

    /** The first request's jobs, where its entries were accepted; the same problems where they were refused. */
    private Uni<List<Object>> replay(List<BatchEntry> entries, String[] jobIds, Caller caller) {
        List<Uni<Object>> replies = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            replies.add(entries.get(i) instanceof BatchEntry.Refused refused ? refusal(refused)
                    : jobs.find(jobIds[i], Duration.ZERO, caller).map(job -> {
                        if (job == null) {
                            throw new ProblemException(ProblemType.IDEMPOTENCY_KEY_IN_USE, "a request with this"
                                    + " Idempotency-Key is still being accepted; retry in a moment");
                        }
                        return (Object) job;
                    }));
        }
        return all(replies);
    }

    private static Uni<Object> refusal(BatchEntry.Refused refused) {
        return Uni.createFrom().item(refused.problem());
    }

    private static Uni<List<Object>> all(List<Uni<Object>> replies) {
        if (replies.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Uni.join().all(replies).usingConcurrencyOf(CONCURRENCY).andFailFast();
    }

    /** Identical for batches whose entries normalise to the same requests, or are refused for the same reasons. */
    static String fingerprint(List<BatchEntry> entries) {
        return Hashes.sha256Hex(entries.stream().map(entry -> entry instanceof BatchEntry.Valid valid
                ? IdempotentSubmissions.fingerprint(valid.request())
                : "refused:" + ((BatchEntry.Refused) entry).problem().type() + ":"
                + ((BatchEntry.Refused) entry).problem().detail()).collect(Collectors.joining("|", "batch|", "")));
    }
}
