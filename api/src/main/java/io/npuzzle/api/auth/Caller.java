package io.npuzzle.api.auth;

import io.npuzzle.protocol.Job;
import io.vertx.ext.web.RoutingContext;

/**
 * Who sent a request: the client of an API key, or anyone while the API takes no keys.
 *
 * @param keyName the name of the caller's key, null when the API takes no keys
 */
public record Caller(String keyName) {

    /** Any caller of an API without keys: sees every job. */
    public static final Caller ANYONE = new Caller(null);

    /** Where {@link BearerKeys} leaves the caller of a request it let through. */
    static final String CONTEXT_KEY = "npuzzle.caller";

    /** The caller of a request, as the key check found it; ANYONE when keys are off. */
    public static Caller of(RoutingContext context) {
        Caller caller = context == null ? null : context.get(CONTEXT_KEY);
        return caller == null ? ANYONE : caller;
    }

    /** Whether the job is this caller's to see and cancel: with keys on, only the key that submitted it may. */
    public boolean mayAccess(Job job) {
        return keyName == null || keyName.equals(job.owner());
    }
}
