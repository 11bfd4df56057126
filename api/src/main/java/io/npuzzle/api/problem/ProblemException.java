package io.npuzzle.api.problem;

import io.npuzzle.protocol.Problem;

/** Ends a request with a problem response. Expected, so it carries no stack trace. */
public class ProblemException extends RuntimeException {

    private final transient Problem problem;

    public ProblemException(Problem problem) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }

    public static ProblemException badRequest(String kind, String title, String detail) {
        return new ProblemException(Problem.of(kind, title, 400, detail));
    }

    public static ProblemException unavailable(String detail) {
        return new ProblemException(Problem.of("unavailable", "Service unavailable", 503, detail));
    }
}
