package io.npuzzle.protocol;

/**
 * An RFC 9457 problem: the body of every error response and the reason a job FAILED.
 *
 * @param type     a URN naming the kind of problem
 * @param title    short summary, the same for every problem of the type
 * @param status   the HTTP status the problem goes with
 * @param detail   what went wrong this time, for the user
 * @param instance what the problem is about (a request path or a job), or null
 */
public record Problem(String type, String title, int status, String detail, String instance) {

    /** Problem types are URNs rather than URLs: they identify, they are not meant to be fetched. */
    public static final String TYPE_PREFIX = "urn:npuzzle:problem:";

    public static Problem of(String kind, String title, int status, String detail) {
        return new Problem(TYPE_PREFIX + kind, title, status, detail, null);
    }

    public Problem at(String newInstance) {
        return new Problem(type, title, status, detail, newInstance);
    }

    /** The board, goal or shape cannot be accepted; the detail is the parser's message. */
    public static Problem invalidBoard(String detail) {
        return of("invalid-board", "Invalid board", 400, detail);
    }

    /** A solve ran out of its node or time budget without an answer. */
    public static Problem budgetExceeded(String detail) {
        return of("budget-exceeded", "Solve budget exceeded", 422, detail);
    }

    /** A job's deliveries ran out: the workers that took it crashed (or stopped) before finishing it. */
    public static Problem deliveriesExhausted(String detail) {
        return of("deliveries-exhausted", "Job abandoned after repeated worker failures", 500, detail);
    }

    /** The solver failed unexpectedly; the detail never carries a stack trace. */
    public static Problem solverError(String detail) {
        return of("solver-error", "Solver error", 500, detail);
    }
}
