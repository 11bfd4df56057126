package io.npuzzle.api.auth;

import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Locale;
import java.util.Optional;

/**
 * With API keys on, lets through only {@code /api/} requests that carry a configured key as
 * {@code Authorization: Bearer <key>} (health, metrics and the web page stay open), and notes their
 * {@link Caller}; others get a 401 problem with {@code WWW-Authenticate} (RFC 6750). The refusal is noted first
 * and answered after the rate limit, which counts requests without a valid key per client address, so that
 * guessing keys or flooding without one is answered 429 like any client over its rate. The key is never logged
 * nor echoed.
 */
@ApplicationScoped
public class BearerKeys {

    /**
     * The order of this check among the routes: after the browser headers (so a 401 carries them too) and the size
     * limits, before the rate limit (per key).
     */
    public static final int ORDER = Integer.MIN_VALUE + 1;
    /** The order of the answer to a request refused by the key check: after the rate limit at ORDER + 1. */
    static final int REFUSAL_ORDER = ORDER + 2;
    private static final String REFUSAL_KEY = "npuzzle.key-refusal";

    private static final String SCHEME = "bearer ";
    private static final String WWW_AUTHENTICATE = "WWW-Authenticate";
    private static final String CHALLENGE = "Bearer realm=\"npuzzle\"";

    private final ApiKeys keys;

    BearerKeys(ApiKeysConfig config) {
        this.keys = config.enabled() ? new ApiKeys(config.keys()) : null;
    }

    void register(@Observes Router router) {
        if (keys != null) {
            router.route("/api/*").order(ORDER).handler(this::check);
            router.route("/api/*").order(REFUSAL_ORDER).handler(BearerKeys::answerRefusal);
        }
    }

    /** Whether the key check refused this request: it carries no key, or one that is not valid. */
    public static boolean refused(RoutingContext context) {
        return context.get(REFUSAL_KEY) != null;
    }

    private void check(RoutingContext context) {
        String authorization = context.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.toLowerCase(Locale.ROOT).startsWith(SCHEME)
                || authorization.substring(SCHEME.length()).isBlank()) {
            refuse(context, new Refusal("send an API key as Authorization: Bearer <key>", CHALLENGE));
            return;
        }
        Optional<String> client = keys.clientOf(authorization.substring(SCHEME.length()).strip());
        if (client.isEmpty()) {
            refuse(context, new Refusal("the API key is not valid", CHALLENGE + ", error=\"invalid_token\""));
            return;
        }
        context.put(Caller.CONTEXT_KEY, new Caller(client.get()));
        context.next();
    }

    /** Notes the refusal and lets the rate limit see the request before it is answered. */
    private static void refuse(RoutingContext context, Refusal refusal) {
        context.put(REFUSAL_KEY, refusal);
        context.next();
    }

    private static void answerRefusal(RoutingContext context) {
        Refusal refusal = context.get(REFUSAL_KEY);
        if (refusal == null) {
            context.next();
            return;
        }
        Problem problem = ProblemType.UNAUTHORIZED.problem(refusal.detail()).at(context.request().path());
        context.response().setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, ProblemResponses.MEDIA_TYPE)
                .putHeader(WWW_AUTHENTICATE, refusal.challenge())
                .end(Json.encode(problem));
    }

    private record Refusal(String detail, String challenge) {
    }
}
