package io.npuzzle.api.limits;

import io.npuzzle.api.auth.BearerKeys;
import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Limits the requests each client makes to {@code /api/} (health, metrics and the page are never limited): per
 * API key when keys are on, else per address (or the configured client header), answering 429 with
 * {@code Retry-After} beyond the limit. With keys on, requests without a valid key are counted per address (or
 * client header) in buckets of their own, with a rate of their own, before they are answered 401. Counted per
 * replica, in memory: no Redis round trip on every request, and the limit still holds while Redis is down; with N
 * replicas behind a balancer a client gets up to N times the limit, which is what the setting is sized for.
 */
@ApplicationScoped
public class RateLimit {

    private final ApiConfig.RateLimit config;
    private final TokenBuckets buckets;
    private final TokenBuckets unauthenticated;
    private final Clients clients;

    RateLimit(ApiConfig config, Clients clients) {
        this.clients = clients;
        this.config = config.rateLimit();
        this.buckets = new TokenBuckets(this.config.perSecond(), this.config.burst());
        this.unauthenticated = new TokenBuckets(this.config.unauthenticatedPerSecond(),
                this.config.unauthenticatedBurst());
    }

    void register(@Observes Router router) {
        if (config.enabled()) {
            router.route("/api/*").order(BearerKeys.ORDER + 1).handler(this::check);
        }
    }

    private void check(RoutingContext context) {
        TokenBuckets counted = BearerKeys.refused(context) ? unauthenticated : buckets;
        long waitNanos = counted.take(client(context), System.nanoTime());
        if (waitNanos == 0) {
            context.next();
            return;
        }
        long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
        Problem problem = ProblemType.RATE_LIMITED.problem(
                "too many requests from this client; retry after " + seconds + " s").at(context.request().path());
        context.response().setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, ProblemResponses.MEDIA_TYPE)
                .putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                .end(Json.encode(problem));
    }

    private String client(RoutingContext context) {
        Caller caller = Caller.of(context);
        return caller.keyName() != null ? "key:" + caller.keyName() : clients.address(context);
    }
}
