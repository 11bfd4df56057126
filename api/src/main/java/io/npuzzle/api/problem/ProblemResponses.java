package io.npuzzle.api.problem;

import io.npuzzle.protocol.Problem;
import jakarta.ws.rs.core.Response;

/** Builds {@code application/problem+json} responses. */
public final class ProblemResponses {

    public static final String MEDIA_TYPE = "application/problem+json";

    private ProblemResponses() {
    }

    public static Response of(Problem problem) {
        return Response.status(problem.status()).type(MEDIA_TYPE).entity(problem).build();
    }

    /** A problem for a bare HTTP status, named after the status. */
    public static Problem forStatus(int status, String detail) {
        Response.Status known = Response.Status.fromStatusCode(status);
        String title = known != null ? known.getReasonPhrase() : "HTTP " + status;
        String kind = title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return Problem.of(kind, title, status, detail);
    }
}
