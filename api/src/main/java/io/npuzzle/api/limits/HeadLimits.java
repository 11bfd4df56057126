package io.npuzzle.api.limits;

import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;

/**
 * Refuses an overlong request target (414) or request headers (431) with a problem. The HTTP layer refuses them
 * too, but with an empty answer and no hook for another, so its own limits ({@code quarkus.http.limits.*}) are set
 * well above these: requests between the two get a problem here, only larger ones an empty answer.
 */
@ApplicationScoped
public class HeadLimits {

    /** The HTTP layer's default for the request line, which this check takes over. */
    static final int MAX_TARGET_LENGTH = 4096;
    /** The HTTP layer's default for all the headers together. */
    static final int MAX_HEADERS_SIZE = 20 * 1024;

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::check);
    }

    private void check(RoutingContext context) {
        if (context.request().uri().length() > MAX_TARGET_LENGTH) {
            refuse(context, ProblemType.URI_TOO_LONG, "the request target is longer than " + MAX_TARGET_LENGTH
                    + " characters");
        } else if (headersSize(context) > MAX_HEADERS_SIZE) {
            refuse(context, ProblemType.HEADERS_TOO_LARGE, "the request headers are larger than " + MAX_HEADERS_SIZE
                    + " bytes");
        } else {
            context.next();
        }
    }

    /** As the HTTP layer counts them: each name, value and the separators. */
    private static long headersSize(RoutingContext context) {
        long size = 0;
        for (Map.Entry<String, String> header : context.request().headers()) {
            size += header.getKey().length() + header.getValue().length() + 4;
        }
        return size;
    }

    private static void refuse(RoutingContext context, ProblemType type, String detail) {
        // The path only: the target is what is too long, and a problem must not echo unbounded input.
        Problem problem = type.problem(detail).at(bounded(context.request().path()));
        context.response().setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, ProblemResponses.MEDIA_TYPE)
                .end(Json.encode(problem));
    }

    private static String bounded(String path) {
        return path == null || path.length() <= 100 ? path : path.substring(0, 100) + "...";
    }
}
