package io.npuzzle.api.limits;

import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses bodies over the configured limit with a 413 problem before any of the body is read. The HTTP layer
 * would refuse them too, but with an empty answer.
 */
@ApplicationScoped
public class BodyLimit {

    private final long maxBytes;

    BodyLimit(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize) {
        this.maxBytes = maxBodySize.asLongValue();
    }

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::check);
    }

    private void check(RoutingContext context) {
        String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null && exceeds(length)) {
            Problem problem = ProblemType.BODY_TOO_LARGE.problem(
                    "the request body is larger than " + maxBytes + " bytes").at(context.request().path());
            context.response().setStatusCode(problem.status())
                    .putHeader(HttpHeaders.CONTENT_TYPE, ProblemResponses.MEDIA_TYPE)
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(Json.encode(problem));
            return;
        }
        context.next();
    }

    private boolean exceeds(String length) {
        try {
            return Long.parseLong(length.strip()) > maxBytes;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
