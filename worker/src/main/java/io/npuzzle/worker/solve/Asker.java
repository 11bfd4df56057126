package io.npuzzle.worker.solve;

import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.protocol.SolveRequest;

import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * The job that asks for an answer, as the solve sees it.
 *
 * @param owner     whose job it is (its API key's name, empty without one): the solver's slots take owners in turns
 * @param cancelled says when the job no longer wants the answer
 * @param progress  hears how a search for this job goes (not a search it only joins)
 */
public record Asker(String owner, BooleanSupplier cancelled, ProgressListener progress) {

    public Asker {
        Objects.requireNonNull(owner, "owner");
    }

    /** The job of a request: its owner, or the one shared by every job without an API key. */
    public static Asker of(SolveRequest request, BooleanSupplier cancelled, ProgressListener progress) {
        return new Asker(ownerOf(request), cancelled, progress);
    }

    /** Whose the request's job is: its API key's name, or the one name of every job without a key. */
    public static String ownerOf(SolveRequest request) {
        return request.owner() == null ? "" : request.owner();
    }

    /** A job without an owner or a listener. */
    public static Asker anonymous(BooleanSupplier cancelled) {
        return new Asker("", cancelled, ProgressListener.NONE);
    }
}
