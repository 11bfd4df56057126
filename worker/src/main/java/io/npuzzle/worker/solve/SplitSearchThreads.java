package io.npuzzle.worker.solve;

import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.lifecycle.ThreadPriority;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The threads of split searches' work beside the slots: their tasks and the fast answers held beside their
 * iterations, at {@link ThreadPriority#HEAVY_WORK} as the heavy slots' searches run. A search that ran past
 * {@code split-after} is long work whichever lane it came from, so the quick jobs on the same cores, a quiet
 * client's among them, come before it.
 */
@ApplicationScoped
public class SplitSearchThreads {

    private final ExecutorService fastAnswers;
    private final ExecutorService tasks;

    @Inject
    SplitSearchThreads(WorkerConfig config) {
        this(config.search().concurrency());
    }

    /** @param taskThreads tasks searched at once, as many as the consumer of tasks hands over */
    public SplitSearchThreads(int taskThreads) {
        fastAnswers = Executors.newCachedThreadPool(
                ThreadPriority.lowered("npuzzle-split-answer", ThreadPriority.HEAVY_WORK));
        tasks = Executors.newFixedThreadPool(taskThreads,
                ThreadPriority.lowered("npuzzle-split-task", ThreadPriority.HEAVY_WORK));
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
        Future<T> running = tasks.submit(task::get);
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
    }
}
