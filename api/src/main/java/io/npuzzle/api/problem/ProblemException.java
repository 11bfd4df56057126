package io.npuzzle.api.problem;

import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;

/** Ends a request with a problem response. Expected, so it carries no stack trace. */
public class ProblemException extends RuntimeException {

    private final transient Problem problem;

    public ProblemException(Problem problem) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    /** A problem of the catalogue's {@code type}; the detail says what went wrong this time. */
    public ProblemException(ProblemType type, String detail) {
        this(type.problem(detail));
    }

    public Problem problem() {
        return problem;
    }
}
