package io.npuzzle.protocol;

/**
 * A job's client as the meters of both services name it: the name of the API key it was submitted with, or
 * {@value #ANONYMOUS} for every client without one, so that the meters have as many series as there are keys.
 */
public final class ClientLabel {

    /** The label of every client without an API key. */
    public static final String ANONYMOUS = "anonymous";

    private ClientLabel() {
    }

    /** The label of a job's client from the API key name it was submitted with (null or empty: none). */
    public static String of(String keyName) {
        return keyName == null || keyName.isEmpty() ? ANONYMOUS : keyName;
    }
}
