package io.npuzzle.api.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.limits.Clients;
import io.npuzzle.api.jobs.BatchEntry;
import io.npuzzle.api.jobs.BatchSubmissions;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.api.problem.ProblemMappers;
import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.quarkus.resteasy.reactive.jackson.CustomDeserialization;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

import java.util.ArrayList;
import java.util.List;

import static io.npuzzle.protocol.ProblemType.BATCH_TOO_LARGE;
import static io.npuzzle.protocol.ProblemType.IDEMPOTENCY_KEY_IN_USE;
import static io.npuzzle.protocol.ProblemType.IDEMPOTENCY_KEY_REUSED;
import static io.npuzzle.protocol.ProblemType.INVALID_IDEMPOTENCY_KEY;
import static io.npuzzle.protocol.ProblemType.STORE_FULL;
import static io.npuzzle.protocol.ProblemType.UNAVAILABLE;

/** Many jobs in one request; each entry is accepted or refused on its own. */
@Path(JobBatchResource.PATH)
@Tag(name = JobResource.TAG)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class JobBatchResource {

    public static final String PATH = JobResource.PATH + "/batch";

    private final BatchSubmissions submissions;
    private final SubmissionValidator validator;
    private final ObjectReader entries;
    private final ApiConfig config;

    private final Clients clients;

    JobBatchResource(BatchSubmissions submissions, SubmissionValidator validator, ObjectMapper mapper,
                     ApiConfig config, Clients clients) {
        this.clients = clients;
        this.submissions = submissions;
        this.validator = validator;
        this.entries = StrictJson.requests(mapper, JobSubmission.class);
        this.config = config;
    }

    @POST
    @Operation(operationId = "submitJobBatch", summary = "Submit up to 1000 boards", description = "202 with, in"
            + " order, each entry's job or the problem that kept it out. A retry with the same Idempotency-Key and"
            + " batch gets the same jobs; the key with another batch is refused.")
    @Problems({BATCH_TOO_LARGE, INVALID_IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_REUSED,
            UNAVAILABLE, STORE_FULL})
    @Parameter(name = JobResource.IDEMPOTENCY_KEY, in = ParameterIn.HEADER, description = "makes retries safe: 1 to"
            + " 255 visible ASCII characters", schema = @Schema(type = SchemaType.STRING, minLength = 1,
            maxLength = 255))
    @APIResponse(responseCode = "202", description = "Each entry's job or problem, in order.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = BatchReply.class),
            examples = @ExampleObject(name = "one queued, one refused", value = OpenApiExamples.BATCH_REPLY)))
    @CustomDeserialization(StrictJson.RequestBodies.class)
    public Uni<RestResponse<BatchReply>> submit(@RequestBody(required = true, content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = BatchSubmission.class),
            examples = @ExampleObject(name = "two boards", value = OpenApiExamples.BATCH))) BatchSubmission batch,
                                                @Context RoutingContext context) {
        if (batch == null || batch.jobs() == null) {
            throw new ProblemException(ProblemType.MALFORMED_REQUEST,
                    "send a JSON object with a list of jobs: {\"jobs\": [...]}");
        }
        if (batch.jobs().isEmpty()) {
            throw new ProblemException(ProblemType.MALFORMED_REQUEST,
                    "a batch holds at least one job: {\"jobs\": [{...}, ...]}");
        }
        if (batch.jobs().size() > config.maxBatch()) {
            throw new ProblemException(ProblemType.BATCH_TOO_LARGE,
                    "a batch holds at most " + config.maxBatch() + " jobs, this one has " + batch.jobs().size());
        }
        // Read as sent: a header parameter would take an empty header for none, and an empty key must be refused.
        String idempotencyKey = context.request().getHeader(JobResource.IDEMPOTENCY_KEY);
        Caller caller = Caller.of(context);
        List<BatchEntry> entries = new ArrayList<>(batch.jobs().size());
        for (int i = 0; i < batch.jobs().size(); i++) {
            entries.add(entry(batch.jobs().get(i), i, caller));
        }
        return submissions.accept(entries, clients.of(context), idempotencyKey, caller)
                .map(replies -> RestResponse.accepted(new BatchReply(replies)));
    }

    private BatchEntry entry(JsonNode node, int index, Caller caller) {
        try {
            JobSubmission submission = node == null || node.isNull() ? null
                    : entries.treeToValue(node, JobSubmission.class);
            return new BatchEntry.Valid(validator.validate(submission).ownedBy(caller.keyName()));
        } catch (BoardFormatException e) {
            return refused(ProblemType.INVALID_BOARD.problem(e.getMessage()), index);
        } catch (ProblemException e) {
            return refused(e.problem(), index);
        } catch (JsonProcessingException e) {
            return refused(ProblemType.MALFORMED_REQUEST.problem("entry " + index + " is not a job submission: "
                    + ProblemMappers.jsonDetail(e)), index);
        } catch (IllegalArgumentException e) {
            return refused(ProblemType.MALFORMED_REQUEST.problem("entry " + index + " is not a job submission"),
                    index);
        }
    }

    private static BatchEntry refused(Problem problem, int index) {
        return new BatchEntry.Refused(problem.at(PATH + "#" + index));
    }
}
