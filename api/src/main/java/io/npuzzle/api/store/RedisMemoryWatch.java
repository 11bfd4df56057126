package io.npuzzle.api.store;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.StoreCapacity;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;

/**
 * Watches the job store's memory (INFO memory, once a second) against its maxmemory: past
 * {@code npuzzle.api.store-full-ratio} of it the store is full for new jobs, so that the jobs accepted already
 * still have room to start and finish (the job store never evicts). Redis' own OOM refusal stays the backstop,
 * answered with the same 503 problem. Without a limit, or while Redis does not answer, the store is not full.
 */
@ApplicationScoped
public class RedisMemoryWatch implements StoreCapacity {

    private static final Logger LOG = Logger.getLogger(RedisMemoryWatch.class);
    private static final Duration PERIOD = Duration.ofSeconds(1);

    private final ReactiveRedisDataSource redis;
    private final double fullRatio;
    private volatile boolean full;
    private Cancellable watch;

    RedisMemoryWatch(ReactiveRedisDataSource redis, ApiConfig config) {
        this.redis = redis;
        this.fullRatio = config.storeFullRatio();
    }

    @Override
    public boolean isFull() {
        return full;
    }

    void start(@Observes StartupEvent event) {
        watch = Multi.createFrom().ticks().every(PERIOD)
                .onItem().transformToUniAndConcatenate(tick -> redis.execute("INFO", "memory")
                        .ifNoItem().after(PERIOD).fail()
                        .map(reply -> isFull(reply.toString(), fullRatio))
                        .onFailure().recoverWithItem(false))
                .subscribe().with(this::update);
    }

    void stop(@Observes ShutdownEvent event) {
        if (watch != null) {
            watch.cancel();
        }
    }

    private void update(boolean nowFull) {
        if (nowFull != full) {
            LOG.warnf(nowFull ? "the job store is nearly full: new jobs are refused until jobs expire"
                    : "the job store has room again: new jobs are accepted");
        }
        full = nowFull;
    }

    /** Whether INFO memory's used_memory is past {@code ratio} of its maxmemory (0: no limit). */
    static boolean isFull(String info, double ratio) {
        long used = field(info, "used_memory:");
        long max = field(info, "maxmemory:");
        return max > 0 && used > ratio * max;
    }

    private static long field(String info, String name) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith(name)) {
                return Long.parseLong(line.substring(name.length()).strip());
            }
        }
        return 0;
    }
}
