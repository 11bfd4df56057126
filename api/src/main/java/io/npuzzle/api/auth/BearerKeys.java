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
 * {@link Caller}; others get a 401 problem with {@code WWW-Authenticate} (RFC 6750). The key is never logged
 * nor echoed.
 */
@ApplicationScoped
public class BearerKeys {

    /**
     * The order of this check among the routes: after the browser headers (so a 401 carries them too) and the size
     * limits, before the rate limit (per key).
     */
    public static final int ORDER = Integer.MIN_VALUE + 1;

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
        }
    }

    private void check(RoutingContext context) {
        String authorization = context.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.toLowerCase(Locale.ROOT).startsWith(SCHEME)
                || authorization.substring(SCHEME.length()).isBlank()) {
            refuse(context, "send an API key as Authorization: Bearer <key>", CHALLENGE);
            return;
        }
        Optional<String> client = keys.clientOf(authorization.substring(SCHEME.length()).strip());
        if (client.isEmpty()) {
            refuse(context, "the API key is not valid", CHALLENGE + ", error=\"invalid_token\"");
            return;
        }
        context.put(Caller.CONTEXT_KEY, new Caller(client.get()));
        context.next();
    }

    private static void refuse(RoutingContext context, String detail, String challenge) {
        Problem problem = ProblemType.UNAUTHORIZED.problem(detail).at(context.request().path());
        context.response().setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, ProblemResponses.MEDIA_TYPE)
                .putHeader(WWW_AUTHENTICATE, challenge)
                .end(Json.encode(problem));
    }
}
