package io.npuzzle.worker.store;

import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisScripts;
import io.npuzzle.worker.lifecycle.WorkerIdentity;
import io.npuzzle.worker.solve.SolveLocks;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.redis.datasource.value.SetArgs;
import io.quarkus.redis.datasource.value.ValueCommands;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Solve locks in Redis under {@link RedisKeys#solving}, owned by this worker's id and leased: each expires
 * {@link #LEASE} after its last renewal, and a held one is renewed three times as often.
 */
@ApplicationScoped
public class RedisSolveLocks implements SolveLocks {

    private static final Logger LOG = Logger.getLogger(RedisSolveLocks.class);
    private static final long RENEW_EVERY_MILLIS = LEASE.toMillis() / 3;

    private final RedisDataSource redis;
    private final ValueCommands<String, String> values;
    private final String owner;
    private final ScheduledExecutorService renewals = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "solve-lock-renewals");
        thread.setDaemon(true);
        return thread;
    });

    RedisSolveLocks(RedisDataSource redis, WorkerIdentity identity) {
        this.redis = redis;
        this.values = redis.value(String.class);
        this.owner = identity.id();
    }

    @Override
    public Optional<Lease> tryLock(String key, Quality quality) {
        String lock = RedisKeys.solving(key, quality);
        if (!values.setAndChanged(lock, owner, new SetArgs().nx().px(LEASE))) {
            return Optional.empty();
        }
        ScheduledFuture<?> renewal = renewals.scheduleAtFixedRate(() -> renew(lock),
                RENEW_EVERY_MILLIS, RENEW_EVERY_MILLIS, TimeUnit.MILLISECONDS);
        return Optional.of(() -> {
            renewal.cancel(false);
            RedisScripts.run(redis, JobScripts.RELEASE_LOCK, "1", lock, owner);
        });
    }

    private void renew(String lock) {
        try {
            RedisScripts.run(redis, JobScripts.RENEW_LOCK, "1", lock, owner, Long.toString(LEASE.toMillis()));
        } catch (RuntimeException e) {
            // A lapsed lease only lets another worker solve the same puzzle too.
            LOG.debugf("could not renew the solve lock %s: %s", lock, e);
        }
    }

    @PreDestroy
    void stopRenewals() {
        renewals.shutdownNow();
    }
}
