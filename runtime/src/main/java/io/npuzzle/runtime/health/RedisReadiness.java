package io.npuzzle.runtime.health;

import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.time.Duration;

/**
 * Ready only while Redis answers a PING within a short time: every request and every job needs Redis, and a probe
 * must answer well within its own timeout (Redis' built-in check waits for the client's long command timeout).
 */
@Readiness
@ApplicationScoped
public class RedisReadiness implements AsyncHealthCheck {

    private static final String NAME = "redis";

    private final ReactiveRedisDataSource redis;
    private final Duration timeout;

    RedisReadiness(ReactiveRedisDataSource redis,
                   @ConfigProperty(name = "npuzzle.health.redis-timeout", defaultValue = "PT1S") Duration timeout) {
        this.redis = redis;
        this.timeout = timeout;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return redis.execute("PING")
                .ifNoItem().after(timeout).fail()
                .map(reply -> HealthCheckResponse.up(NAME))
                .onFailure().recoverWithItem(failure -> HealthCheckResponse.named(NAME).down()
                        .withData("reason", failure.getClass().getSimpleName()).build());
    }
}
