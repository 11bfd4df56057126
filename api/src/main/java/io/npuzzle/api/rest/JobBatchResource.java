package io.npuzzle.api.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.JobService;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveRequest;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

import java.util.ArrayList;
import java.util.List;

import static io.npuzzle.protocol.ProblemType.BATCH_TOO_LARGE;
import static io.npuzzle.protocol.ProblemType.UNAVAILABLE;

/** Many jobs in one request; each entry is accepted or refused on its own. */
@Path(JobBatchResource.PATH)
@Tag(name = JobResource.TAG)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class JobBatchResource {

    public static final String PATH = JobResource.PATH + "/batch";

    /** How many entries are handled at once; the rest wait, so one batch cannot flood Redis or Kafka. */
    private static final int CONCURRENCY = 64;

    private final JobService jobs;
    private final SubmissionValidator validator;
    private final ObjectMapper mapper;
    private final ApiConfig config;

    JobBatchResource(JobService jobs, SubmissionValidator validator, ObjectMapper mapper, ApiConfig config) {
        this.jobs = jobs;
        this.validator = validator;
        this.mapper = mapper;
        this.config = config;
    }

    @POST
    @Operation(operationId = "submitJobBatch", summary = "Submit up to 1000 boards", description = "202 with, in"
            + " order, each entry's job or the problem that kept it out.")
    @Problems({BATCH_TOO_LARGE, UNAVAILABLE})
    @APIResponse(responseCode = "202", description = "Each entry's job or problem, in order.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = BatchReply.class),
            examples = @ExampleObject(name = "one queued, one refused", value = OpenApiExamples.BATCH_REPLY)))
    public Uni<RestResponse<BatchReply>> submit(@RequestBody(required = true, content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = BatchSubmission.class),
            examples = @ExampleObject(name = "two boards", value = OpenApiExamples.BATCH))) BatchSubmission batch,
                                                @Context RoutingContext context) {
        if (batch == null || batch.jobs() == null) {
            throw new ProblemException(ProblemType.MALFORMED_REQUEST,
                    "send a JSON object with a list of jobs: {\"jobs\": [...]}");
        }
        if (batch.jobs().size() > config.maxBatch()) {
            throw new ProblemException(ProblemType.BATCH_TOO_LARGE,
                    "a batch holds at most " + config.maxBatch() + " jobs, this one has " + batch.jobs().size());
        }
        List<Uni<Object>> entries = new ArrayList<>(batch.jobs().size());
        for (int i = 0; i < batch.jobs().size(); i++) {
            entries.add(entry(batch.jobs().get(i), i, Caller.of(context)));
        }
        if (entries.isEmpty()) {
            return Uni.createFrom().item(RestResponse.accepted(new BatchReply(List.of())));
        }
        return Uni.join().all(entries).usingConcurrencyOf(CONCURRENCY).andFailFast()
                .map(replies -> RestResponse.accepted(new BatchReply(replies)));
    }

    private Uni<Object> entry(JsonNode node, int index, Caller caller) {
        SolveRequest request;
        try {
            JobSubmission submission = node == null || node.isNull() ? null
                    : mapper.treeToValue(node, JobSubmission.class);
            request = validator.validate(submission).ownedBy(caller.keyName());
        } catch (BoardFormatException e) {
            return refused(ProblemType.INVALID_BOARD.problem(e.getMessage()), index);
        } catch (ProblemException e) {
            return refused(e.problem(), index);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return refused(ProblemType.MALFORMED_REQUEST.problem("entry " + index + " is not a job submission"), index);
        }
        return jobs.accept(request).onItem().castTo(Object.class);
    }

    private static Uni<Object> refused(Problem problem, int index) {
        return Uni.createFrom().item(problem.at(PATH + "#" + index));
    }
}
