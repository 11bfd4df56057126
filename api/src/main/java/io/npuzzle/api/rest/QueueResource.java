package io.npuzzle.api.rest;

import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.api.limits.Clients;
import io.npuzzle.core.solve.SolveCost;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import static io.npuzzle.protocol.ProblemType.UNAVAILABLE;

/** How many of the caller's jobs wait their turn in each lane (fair share between clients). */
@Path(QueueResource.PATH)
@Tag(name = JobResource.TAG)
@Produces(MediaType.APPLICATION_JSON)
public class QueueResource {

    public static final String PATH = "/api/v1/queue";

    private final JobStore store;
    private final Clients clients;

    QueueResource(JobStore store, Clients clients) {
        this.store = store;
        this.clients = clients;
    }

    @GET
    @Operation(operationId = "getQueue", summary = "Get the caller's queue", description = "The caller's jobs that"
            + " wait their turn in each lane: each lane publishes a few jobs at a time for the workers, in fair turns"
            + " between clients (API keys, else addresses); the others wait in their client's queue.")
    @Problems({UNAVAILABLE})
    @APIResponse(responseCode = "200", description = "The jobs waiting, by lane.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ClientQueue.class),
            examples = @ExampleObject(name = "waiting", value = "{\"quick\": 120, \"heavy\": 3}")))
    public Uni<ClientQueue> get(@Context RoutingContext context) {
        return store.waiting(clients.of(context)).map(waiting -> new ClientQueue(waiting.get(SolveCost.QUICK),
                waiting.get(SolveCost.HEAVY)));
    }
}
