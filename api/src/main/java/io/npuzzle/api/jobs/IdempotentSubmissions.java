package io.npuzzle.api.jobs;

import io.npuzzle.api.ApiConfig;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.protocol.Hashes;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.SolveRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/**
 * Submissions with an {@code Idempotency-Key}: the first request with a key creates the job; a retry with the
 * same key and the same submission gets that job back; the same key with another submission is refused (422).
 * Keys are kept in Redis, hashed, for {@code npuzzle.api.idempotency-ttl}.
 */
@ApplicationScoped
public class IdempotentSubmissions {

    public static final String HEADER = "Idempotency-Key";
    static final int MAX_KEY_LENGTH = 255;

    private final JobService jobs;
    private final JobStore store;
    private final long ttlSeconds;

    IdempotentSubmissions(JobService jobs, JobStore store, ApiConfig config) {
        this.jobs = jobs;
        this.store = store;
        this.ttlSeconds = config.idempotencyTtl().toSeconds();
    }

    /** Accepts a request, once per idempotency key; {@code clientKey} null means no key was sent. */
    public Uni<JobService.Accepted> accept(SolveRequest request, String clientKey) {
        if (clientKey == null) {
            return jobs.accept(request);
        }
        if (clientKey.isEmpty() || clientKey.length() > MAX_KEY_LENGTH || !clientKey.chars().allMatch(c -> c > 32 && c < 127)) {
            throw ProblemException.badRequest("invalid-idempotency-key", "Invalid Idempotency-Key",
                    "the Idempotency-Key header must be 1 to " + MAX_KEY_LENGTH + " visible ASCII characters");
        }
        String fingerprint = fingerprint(request);
        return store.claim(clientKey, fingerprint + " " + request.jobId(), ttlSeconds).flatMap(earlier -> {
            if (earlier == null) {
                return jobs.accept(request).onFailure().call(() -> store.release(clientKey));
            }
            int space = earlier.indexOf(' ');
            if (!earlier.substring(0, space).equals(fingerprint)) {
                throw new ProblemException(Problem.of("idempotency-key-reused", "Idempotency-Key reused", 422,
                        "this Idempotency-Key was used for a different submission"));
            }
            return jobs.find(earlier.substring(space + 1), Duration.ZERO).map(job -> {
                if (job == null) {
                    throw new ProblemException(Problem.of("idempotency-key-in-use", "Idempotency-Key in use", 409,
                            "a request with this Idempotency-Key is still being accepted; retry in a moment"));
                }
                return new JobService.Accepted(job, job.status().isFinished());
            });
        });
    }

    /** Identical for submissions that normalise to the same request. */
    private static String fingerprint(SolveRequest request) {
        return Hashes.sha256Hex(request.board() + "|" + request.rows() + "x" + request.cols() + "|" + request.goal()
                + "|" + request.mode());
    }
}
