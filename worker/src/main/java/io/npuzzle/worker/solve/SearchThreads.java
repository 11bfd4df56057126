package io.npuzzle.worker.solve;

import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.lifecycle.ThreadPriority;
import io.opentelemetry.context.Context;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.MDC;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The threads searches run on beside the job threads, each at its priority. Split searches' work, their tasks and
 * the fast answers held beside their iterations, runs at {@link ThreadPriority#HEAVY_WORK} as the heavy slots'
 * searches do: a search that ran past {@code split-after} is long work whichever lane it came from. The quick
 * searches of a client with other quick jobs started on the worker run at {@link ThreadPriority#QUICK_SEARCH}, so
 * that a quiet client's search, which stays on its job's thread, takes the larger share of the cores beside a
 * flood's.
 */
@ApplicationScoped
public class SearchThreads {

    private final ExecutorService fastAnswers;
    private final ExecutorService tasks;
    private final ExecutorService quickSearches;

    @Inject
    SearchThreads(WorkerConfig config) {
        this(config.search().concurrency());
    }

    /** @param taskThreads tasks searched at once, as many as the consumer of tasks hands over */
    public SearchThreads(int taskThreads) {
        fastAnswers = Executors.newCachedThreadPool(
                ThreadPriority.lowered("npuzzle-split-answer", ThreadPriority.HEAVY_WORK));
        tasks = Executors.newFixedThreadPool(taskThreads,
                ThreadPriority.lowered("npuzzle-split-task", ThreadPriority.HEAVY_WORK));
        // As many threads as busy clients' searches hold quick slots or coordinate split searches they started.
        quickSearches = Executors.newCachedThreadPool(
                ThreadPriority.lowered("npuzzle-quick-search", ThreadPriority.QUICK_SEARCH));
    }

    /** Where the fast answers beside split searches are found. */
    public Executor fastAnswers() {
        return fastAnswers;
    }

    /**
     * Runs a task of a split search on a task thread while the caller waits, as long as the task runs (the task
     * itself heeds the worker's stop), and returns what it returns. What the task throws is thrown here.
     */
    public <T> T runTask(Supplier<T> task) {
        return awaited(tasks.submit(task::get));
    }

    /**
     * Runs a quick search on a quick-search thread while the caller waits, in the caller's trace and log context,
     * and returns what it returns. What the search throws is thrown here.
     */
    public <T> T runQuickSearch(Supplier<T> search) {
        Map<String, Object> logContext = MDC.getMap();
        Callable<T> inContext = Context.current().wrap(() -> {
            logContext.forEach(MDC::put);
            try {
                return search.get();
            } finally {
                MDC.clear();
            }
        });
        return awaited(quickSearches.submit(inContext));
    }

    /** What the work returns once it ends, however often the waiting thread is interrupted meanwhile. */
    private static <T> T awaited(Future<T> running) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return running.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException exception) {
                        throw exception;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @PreDestroy
    void close() {
        fastAnswers.shutdownNow();
        tasks.shutdownNow();
        quickSearches.shutdownNow();
    }
}
