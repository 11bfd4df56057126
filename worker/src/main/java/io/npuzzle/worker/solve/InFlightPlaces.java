package io.npuzzle.worker.solve;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.worker.config.WorkerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The quick jobs this worker has started, its in-flight places ({@code npuzzle.worker.in-flight}), taken before a
 * job starts, in turns between owners ({@link OwnerTurns}), with as many again lent, each to an owner that holds
 * none. The worker holds more of the lane's records than it has places ({@code npuzzle.worker.in-hand}), so that a
 * quiet owner's record that arrives behind a flood's waits here rather than in the consumer's order: it takes the
 * next place, or a lent one at once, while the flood's places are held by its searches and its shared searches'
 * coordinators. A record waiting here is not started, so the API's lane window still counts it and publishes
 * few of the flood's jobs ahead of the workers. Heavy jobs come one to a heavy slot and take no place.
 */
@ApplicationScoped
public class InFlightPlaces {

    /** A place held until the job's handling ends. */
    public interface Place extends AutoCloseable {

        /** Gives the place back. */
        @Override
        void close();
    }

    private static final Place NONE = () -> {
    };

    private final OwnerTurns quick;

    @Inject
    InFlightPlaces(WorkerConfig config) {
        this(config.inFlight());
    }

    public InFlightPlaces(int places) {
        this.quick = new OwnerTurns(places, places);
    }

    /** Takes a place for the request's job, waiting for its owner's turn when none is free. */
    public Place enter(SolveRequest request) {
        if (request.lane() != SolveCost.QUICK) {
            return NONE;
        }
        String owner = Asker.ownerOf(request);
        quick.acquire(owner);
        return () -> quick.release(owner);
    }

    /** Places the owner holds now: its quick jobs started on this worker. */
    public int heldBy(String owner) {
        return quick.heldBy(owner);
    }

    /** Quick jobs waiting for a place. */
    public int waiting() {
        return quick.waiting();
    }
}
