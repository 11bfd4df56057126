package io.npuzzle.api.problem;

import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import jakarta.ws.rs.core.Response;

/** Builds {@code application/problem+json} responses. */
public final class ProblemResponses {

    public static final String MEDIA_TYPE = "application/problem+json";

    private ProblemResponses() {
    }

    public static Response of(Problem problem) {
        return Response.status(problem.status()).type(MEDIA_TYPE).entity(problem).build();
    }

    /**
     * A problem for a bare HTTP status, typed from the catalogue and answered with that status; the body names the
     * status answered, also where the catalogue only has the generic 4xx or 5xx type for it.
     */
    public static Response forStatus(int status, String detail, String instance) {
        ProblemType type = ProblemType.forStatus(status);
        Problem problem = new Problem(type.urn(), type.title(), status, detail, instance);
        return Response.status(status).type(MEDIA_TYPE).entity(problem).build();
    }
}
