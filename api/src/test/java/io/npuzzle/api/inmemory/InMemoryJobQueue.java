package io.npuzzle.api.inmemory;

import io.npuzzle.api.jobs.JobQueue;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.Encoded;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The jobs queued, in order, with their lane; it can be made to refuse them, as a broker that is away. */
public class InMemoryJobQueue implements JobQueue {

    /** A job as queued. */
    public record Queued(SolveRequest request, SolveCost cost) {
    }

    private final List<Queued> queued = new CopyOnWriteArrayList<>();
    private volatile boolean refusing;

    public void refuse(boolean refuse) {
        this.refusing = refuse;
    }

    public List<Queued> queued() {
        return List.copyOf(queued);
    }

    @Override
    public Uni<Void> enqueue(Encoded<SolveRequest> request, SolveCost cost) {
        return Uni.createFrom().deferred(() -> {
            if (refusing) {
                return Uni.createFrom().failure(new IllegalStateException("the broker is away"));
            }
            queued.add(new Queued(request.value(), cost));
            return Uni.createFrom().voidItem();
        });
    }
}
