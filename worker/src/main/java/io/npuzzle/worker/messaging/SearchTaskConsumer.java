package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.traces.JobAttributes;
import io.npuzzle.runtime.traces.ServiceSpans;
import io.npuzzle.runtime.traces.SpanInScope;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import io.npuzzle.worker.search.TaskRunner;
import io.npuzzle.worker.search.TaskVerdict;
import io.npuzzle.worker.solve.SearchThreads;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Takes subtree tasks of split searches on the {@code searchers} pool, beside the jobs, and runs them at heavy
 * work's priority ({@link SearchThreads}). A task is acknowledged once
 * its result is recorded, so a worker that dies mid-task loses nothing: the task is redelivered to another. Bad and
 * stale records go to the dead-letter topic with the reason; nothing a task throws stops the consumer. A task's
 * search is a span of the trace of the job it shares, which the task record carries.
 */
@ApplicationScoped
public class SearchTaskConsumer {

    private static final Logger LOG = Logger.getLogger(SearchTaskConsumer.class);
    private static final CompletionStage<Void> LEFT_UNACKNOWLEDGED = CompletableFuture.completedFuture(null);

    private final SearchTaskDecoder decoder;
    private final TaskRunner runner;
    private final UntilAvailable untilAvailable;
    private final GracefulStop stop;
    private final ServiceSpans spans;
    private final SearchThreads threads;

    SearchTaskConsumer(SearchTaskDecoder decoder, TaskRunner runner, UntilAvailable untilAvailable,
                       GracefulStop stop, ServiceSpans spans, SearchThreads threads) {
        this.threads = threads;
        this.decoder = decoder;
        this.runner = runner;
        this.untilAvailable = untilAvailable;
        this.stop = stop;
        this.spans = spans;
    }

    @Incoming("search-tasks")
    @Blocking(value = "searchers", ordered = false)
    public CompletionStage<Void> onTask(Message<String> record) {
        if (!stop.take()) {
            return LEFT_UNACKNOWLEDGED;
        }
        try {
            SearchTask task = decoder.decode(record.getPayload());
            TaskVerdict verdict;
            Context trace = TracingMetadata.fromMessage(record).map(TracingMetadata::getCurrentContext)
                    .orElse(Context.root());
            try (SpanInScope span = spans.enter("search task", trace)) {
                span.set(JobAttributes.SEARCH_ID, task.searchId());
                span.set(JobAttributes.TASK_INDEX, (long) task.index());
                Context inSpan = Context.current();
                verdict = untilAvailable.run("task " + task.index() + " of search " + task.searchId(),
                        () -> threads.runTask(() -> {
                            try (Scope scope = inSpan.makeCurrent()) {
                                return runner.run(task);
                            }
                        }));
            }
            if (verdict instanceof TaskVerdict.Refused refused) {
                return refuse(record, new PoisonRecordException(refused.reason()));
            }
            if (verdict instanceof TaskVerdict.Left) {
                return LEFT_UNACKNOWLEDGED;
            }
            if (verdict instanceof TaskVerdict.Skipped skipped) {
                LOG.debugf("skipped task %d of search %s: %s", task.index(), task.searchId(), skipped.why());
            }
            return record.ack();
        } catch (PoisonRecordException e) {
            return refuse(record, e);
        } catch (UntilAvailable.Stopping e) {
            return LEFT_UNACKNOWLEDGED;
        } catch (RuntimeException | Error e) {
            LOG.errorf(e, "could not search a task, sending it to %s", Topics.SEARCH_DEAD_LETTERS);
            return record.nack(e);
        } finally {
            stop.done();
        }
    }

    private static CompletionStage<Void> refuse(Message<String> record, PoisonRecordException reason) {
        LOG.warnf("refused a task record, sending it to %s: %s", Topics.SEARCH_DEAD_LETTERS, reason.getMessage());
        return record.nack(reason);
    }
}
