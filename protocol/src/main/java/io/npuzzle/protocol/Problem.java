package io.npuzzle.protocol;

/**
 * An RFC 9457 problem: the body of every error response and the reason a job FAILED. Made from its
 * {@link ProblemType}; kept as plain fields so that a stored problem reads back whatever the catalogue says today.
 *
 * @param type     a URN naming the kind of problem ({@link ProblemType#urn()})
 * @param title    short summary, the same for every problem of the type
 * @param status   the HTTP status the problem goes with
 * @param detail   what went wrong this time, for the user
 * @param instance what the problem is about (a request path or a job), or null
 */
public record Problem(String type, String title, int status, String detail, String instance) {

    public Problem at(String newInstance) {
        return new Problem(type, title, status, detail, newInstance);
    }

    public boolean is(ProblemType kind) {
        return type.equals(kind.urn());
    }
}
