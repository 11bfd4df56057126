package io.npuzzle.api.web;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;

/**
 * Tells browsers, on every answer (the page, its scripts, the API and its problems), to run only the service's own
 * scripts and styles, never to guess a content type, and never to show the service inside another site's frame.
 * The developer pages under {@code /q/} (Swagger UI, which needs inline script) keep only the last two.
 */
@ApplicationScoped
public class BrowserHeaders {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none';"
            + " base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    static final String FRAMES_ONLY_POLICY = "frame-ancestors 'none'";
    private static final String DEVELOPER_PAGES = "/q/";

    /** Before the other filters, so that their answers (413, 429...) carry the headers too. */
    void register(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::addHeaders);
    }

    private void addHeaders(RoutingContext context) {
        String path = context.request().path();
        boolean developerPage = path != null && path.startsWith(DEVELOPER_PAGES);
        context.response().headers()
                .set("Content-Security-Policy", developerPage ? FRAMES_ONLY_POLICY : CONTENT_SECURITY_POLICY)
                .set("X-Content-Type-Options", "nosniff")
                .set("X-Frame-Options", "DENY");
        context.next();
    }
}
