package io.npuzzle.api.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.JobEvent;
import io.npuzzle.api.jobs.JobEvents;
import io.npuzzle.api.jobs.JobService;
import io.npuzzle.protocol.Job;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestHeader;

import java.io.UncheckedIOException;
import java.time.Duration;

import static io.npuzzle.protocol.ProblemType.JOB_NOT_FOUND;
import static io.npuzzle.protocol.ProblemType.UNAVAILABLE;

/**
 * A job's live events, as Server-Sent Events: its status changes and its search's progress, until it ends; with
 * API keys on, only for the key's own jobs.
 */
@Path(JobEventResource.PATH)
@Tag(name = JobResource.TAG)
public class JobEventResource {

    public static final String PATH = JobResource.PATH + "/{id}/events";
    /** The header an EventSource sends when it reconnects: the id of the last event it received. */
    public static final String LAST_EVENT_ID = "Last-Event-ID";

    private final JobEvents events;
    private final JobService jobs;
    private final ApiConfig config;
    private final ObjectMapper mapper;

    JobEventResource(JobEvents events, JobService jobs, ApiConfig config, ObjectMapper mapper) {
        this.events = events;
        this.jobs = jobs;
        this.config = config;
        this.mapper = mapper;
    }

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    // An event stream's headers go out as soon as it is returned: the job is looked up first, on a worker thread,
    // so that an unknown one is answered with a 404 problem instead of an empty stream.
    @Blocking
    @Operation(operationId = "streamJobEvents", summary = "Follow a job live",
            description = "Server-Sent Events, one per change of the job: each carries the whole job as JSON"
                    + " (as GET /api/v1/jobs/{id} answers it), its SSE id is the job's revision, and its event"
                    + " name is `status` when the status is new to the stream (the first event, the start, the"
                    + " final status) or `progress` when only the search's progress moved. The stream ends after"
                    + " the final status (DONE, FAILED or CANCELLED). A client that reconnects with"
                    + " Last-Event-ID gets the newest state past that revision: progress in between may be"
                    + " skipped, a status change never.")
    @APIResponse(responseCode = "200", description = "The job's events, until its final status",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(implementation = Job.class),
                    examples = @ExampleObject(name = "start and progress", value = OpenApiExamples.EVENTS)))
    @Problems({JOB_NOT_FOUND, UNAVAILABLE})
    public Multi<OutboundSseEvent> events(@PathParam("id") String id,
                                          @Parameter(description = "the id of the last event received: only newer"
                                                  + " events are sent") @RestHeader(LAST_EVENT_ID) String lastEventId,
                                          @Context Sse sse, @Context RoutingContext context) {
        // The store's calls are bounded by the Redis timeout (a 503 problem past it), so this wait is too.
        if (jobs.find(id, Duration.ZERO, Caller.of(context)).await().indefinitely() == null) {
            throw JobResource.notFound(config);
        }
        return events.after(id, revisionOf(lastEventId)).map(event -> toSse(sse, event));
    }

    /**
     * An event of only the fields the SSE specification defines: {@code id}, {@code event} and {@code data}. The
     * job is written as JSON text here, without a media type on the event, which would add a {@code content-type}
     * line that no EventSource knows.
     */
    private OutboundSseEvent toSse(Sse sse, JobEvent event) {
        String json;
        try {
            json = mapper.writeValueAsString(event.job());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return sse.newEventBuilder().id(Long.toString(event.id())).name(event.kind().label()).data(json).build();
    }

    /** The revision a client saw; anything but a plain count means it saw nothing, and gets the whole story. */
    private static long revisionOf(String lastEventId) {
        if (lastEventId == null || lastEventId.isEmpty() || lastEventId.length() > 18
                || !lastEventId.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return 0;
        }
        return Long.parseLong(lastEventId);
    }
}
