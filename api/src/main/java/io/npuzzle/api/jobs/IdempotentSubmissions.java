package io.npuzzle.api.jobs;

import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.jobs.IdempotencyKeys.Claim;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.protocol.Hashes;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/**
 * Submissions with an idempotency key: the first request with a key creates the job; a retry with the same key
 * and the same submission gets that job back; the same key with another submission is refused (422), and so is a
 * retry while the first request is still being accepted (409).
 */
@ApplicationScoped
public class IdempotentSubmissions {

    static final int MAX_KEY_LENGTH = 255;

    private final JobService jobs;
    private final IdempotencyKeys keys;

    public IdempotentSubmissions(JobService jobs, IdempotencyKeys keys) {
        this.jobs = jobs;
        this.keys = keys;
    }

    /** Accepts a client's request, once per idempotency key; {@code clientKey} null means no key was sent. */
    public Uni<Job> accept(SolveRequest request, Client client, String clientKey) {
        if (clientKey == null) {
            return jobs.accept(request, client);
        }
        checkKey(clientKey);
        Claim claim = new Claim(fingerprint(request), request.jobId());
        String scopedKey = scoped(clientKey, request.owner());
        return keys.claim(scopedKey, claim).flatMap(earlier -> {
            if (earlier == null) {
                return jobs.accept(request, client).onFailure().call(() -> keys.release(scopedKey));
            }
            if (!earlier.fingerprint().equals(claim.fingerprint())) {
                throw new ProblemException(ProblemType.IDEMPOTENCY_KEY_REUSED,
                        "this Idempotency-Key was used for a different submission");
            }
            return jobs.find(earlier.jobId(), Duration.ZERO, new Caller(request.owner())).map(job -> {
                if (job == null) {
                    throw new ProblemException(ProblemType.IDEMPOTENCY_KEY_IN_USE,
                            "a request with this Idempotency-Key is still being accepted; retry in a moment");
                }
                return job;
            });
        });
    }

    /** Refuses a key that is not 1 to 255 visible ASCII characters with a 400 problem. */
    static void checkKey(String clientKey) {
        if (clientKey.isEmpty() || clientKey.length() > MAX_KEY_LENGTH
                || !clientKey.chars().allMatch(c -> c > 32 && c < 127)) {
            throw new ProblemException(ProblemType.INVALID_IDEMPOTENCY_KEY,
                    "the Idempotency-Key header must be 1 to " + MAX_KEY_LENGTH + " visible ASCII characters");
        }
    }

    /**
     * Each API key's idempotency keys are its own: two clients that happen to pick the same one never meet. Without
     * API keys the client's key stands alone, as it always has.
     */
    static String scoped(String clientKey, String owner) {
        return owner == null ? clientKey : owner + "\n" + clientKey;
    }

    /** Identical for submissions that normalise to the same request; kept in Redis, so its form never changes. */
    static String fingerprint(SolveRequest request) {
        return Hashes.sha256Hex(request.board() + "|" + request.rows() + "x" + request.cols() + "|" + request.goal()
                + "|" + request.quality().label());
    }
}
