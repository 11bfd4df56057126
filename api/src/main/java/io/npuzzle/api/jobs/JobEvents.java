package io.npuzzle.api.jobs;

import io.npuzzle.protocol.JobStatus;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.MultiEmitter;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A job's live events: each time the job changes, its newest snapshot, numbered by its revision, until the
 * snapshot with its final status. Snapshots, not deltas: a stream that resumes after revision N (a reconnecting
 * client's {@code Last-Event-ID}) starts with the newest snapshot past N, so a client may miss progress in
 * between but never a status, and never the final one. Any replica serves any job: changes are announced to all
 * of them over Redis.
 */
@ApplicationScoped
public class JobEvents {

    /**
     * How long a stream waits for an announced change before it looks at the store anyway: an announcement sent
     * while this replica's subscription was down (Redis restarting) delays an event by at most this long.
     */
    static final Duration RECHECK = Duration.ofSeconds(10);

    private final JobStore store;
    private final JobWaiters waiters;

    public JobEvents(JobStore store, JobWaiters waiters) {
        this.store = store;
        this.waiters = waiters;
    }

    /**
     * The job's events after revision {@code seen} (0 for all); none for an unknown or expired job; fails with
     * the store's failure when the job cannot be read.
     */
    public Multi<JobEvent> after(String jobId, long seen) {
        return Multi.createFrom().emitter(emitter -> {
            AtomicReference<CompletableFuture<Void>> waiting = new AtomicReference<>();
            // A client that goes away ends the current wait at once, which forgets its waiter.
            emitter.onTermination(() -> {
                CompletableFuture<Void> current = waiting.get();
                if (current != null) {
                    current.complete(null);
                }
            });
            next(new Stream(jobId, emitter, waiting), seen, null);
        });
    }

    private record Stream(String jobId, MultiEmitter<? super JobEvent> emitter,
                          AtomicReference<CompletableFuture<Void>> waiting) {
    }

    private void next(Stream stream, long seen, JobStatus shown) {
        if (stream.emitter().isCancelled()) {
            return;
        }
        String jobId = stream.jobId();
        // Watch before reading, so that a change between the read and the wait still wakes the stream.
        CompletableFuture<Void> change = waiters.watchChange(jobId);
        stream.waiting().set(change);
        store.snapshot(jobId).subscribe().with(snapshot -> {
            if (snapshot == null) {
                waiters.forgetChange(jobId, change);
                stream.emitter().complete();
                return;
            }
            long nowSeen = seen;
            JobStatus nowShown = shown;
            if (snapshot.revision() > seen) {
                JobStatus status = snapshot.job().status();
                stream.emitter().emit(new JobEvent(snapshot.revision(),
                        status == shown ? JobEvent.Kind.PROGRESS : JobEvent.Kind.STATUS, snapshot.job()));
                nowSeen = snapshot.revision();
                nowShown = status;
            }
            if (snapshot.job().status().isFinished()) {
                waiters.forgetChange(jobId, change);
                stream.emitter().complete();
                return;
            }
            long resumeAfter = nowSeen;
            JobStatus resumeShown = nowShown;
            Uni.createFrom().completionStage(change).ifNoItem().after(RECHECK).recoverWithItem((Void) null)
                    .subscribe().with(woken -> {
                        waiters.forgetChange(jobId, change);
                        next(stream, resumeAfter, resumeShown);
                    });
        }, failure -> {
            waiters.forgetChange(jobId, change);
            stream.emitter().fail(failure);
        });
    }
}
