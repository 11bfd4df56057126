package io.npuzzle.worker.solve;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.lifecycle.ThreadPriority;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The threads of a lane's work beside its slots: the fast answers a split search holds beside its iterations, and
 * the tasks of split searches. A heavy search's run at {@link ThreadPriority#HEAVY_WORK}, as the heavy slots'
 * searches do, so that the quick jobs on the same cores come first; a quick search's at the worker's own priority.
 */
@ApplicationScoped
public class LaneThreads {

    private final Map<SolveCost, ExecutorService> fastAnswers = new EnumMap<>(SolveCost.class);
    private final ExecutorService heavyTasks;

    @Inject
    LaneThreads(WorkerConfig config) {
        this(config.search().concurrency());
    }

    /** @param taskThreads tasks searched at once, as many as the consumer of tasks hands over */
    public LaneThreads(int taskThreads) {
        // Started by the quick lane's searches, at the worker's own priority.
        fastAnswers.put(SolveCost.QUICK, Executors.newCachedThreadPool(work -> {
            Thread thread = new Thread(work, "npuzzle-quick-answer");
            thread.setDaemon(true);
            return thread;
        }));
        fastAnswers.put(SolveCost.HEAVY, Executors.newCachedThreadPool(
                ThreadPriority.lowered("npuzzle-heavy-answer", ThreadPriority.HEAVY_WORK)));
        heavyTasks = Executors.newFixedThreadPool(taskThreads,
                ThreadPriority.lowered("npuzzle-heavy-task", ThreadPriority.HEAVY_WORK));
    }

    /** Where the fast answers beside a split search of the lane are found. */
    public Executor fastAnswers(SolveCost lane) {
        return fastAnswers.get(lane);
    }

    /**
     * Runs a task of a split search of the lane and returns what it returns: a quick search's on the calling
     * thread, a heavy search's on a heavy task thread while the caller waits, as long as the task runs (the task
     * itself heeds the worker's stop). What the task throws is thrown here.
     */
    public <T> T runTask(SolveCost lane, Supplier<T> task) {
        if (lane == SolveCost.QUICK) {
            return task.get();
        }
        Future<T> running = heavyTasks.submit(task::get);
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
        fastAnswers.values().forEach(ExecutorService::shutdownNow);
        heavyTasks.shutdownNow();
    }
}
