package io.npuzzle.api.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.BatchEntry;
import io.npuzzle.api.jobs.BatchSubmissions;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.RestHeader;
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
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class JobBatchResource {

    public static final String PATH = JobResource.PATH + "/batch";

    private final BatchSubmissions submissions;
    private final SubmissionValidator validator;
    private final ObjectMapper mapper;
    private final ApiConfig config;

    JobBatchResource(BatchSubmissions submissions, SubmissionValidator validator, ObjectMapper mapper,
                     ApiConfig config) {
        this.submissions = submissions;
        this.validator = validator;
        this.mapper = mapper;
        this.config = config;
    }

    @POST
    @Operation(summary = "Submit up to 1000 boards", description = "202 with, in order, each entry's job or the"
            + " problem that kept it out. A retry with the same Idempotency-Key and batch gets the same jobs; the"
            + " key with another batch is refused.")
    @Problems({BATCH_TOO_LARGE, INVALID_IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_REUSED,
            UNAVAILABLE, STORE_FULL})
    public Uni<RestResponse<BatchReply>> submit(BatchSubmission batch,
                                                @Parameter(description = "makes retries safe: up to 255 visible"
                                                        + " ASCII characters")
                                                @RestHeader(JobResource.IDEMPOTENCY_KEY) String idempotencyKey) {
        if (batch == null || batch.jobs() == null) {
            throw new ProblemException(ProblemType.MALFORMED_REQUEST,
                    "send a JSON object with a list of jobs: {\"jobs\": [...]}");
        }
        if (batch.jobs().size() > config.maxBatch()) {
            throw new ProblemException(ProblemType.BATCH_TOO_LARGE,
                    "a batch holds at most " + config.maxBatch() + " jobs, this one has " + batch.jobs().size());
        }
        List<BatchEntry> entries = new ArrayList<>(batch.jobs().size());
        for (int i = 0; i < batch.jobs().size(); i++) {
            entries.add(entry(batch.jobs().get(i), i));
        }
        return submissions.accept(entries, idempotencyKey)
                .map(replies -> RestResponse.accepted(new BatchReply(replies)));
    }

    private BatchEntry entry(JsonNode node, int index) {
        try {
            JobSubmission submission = node == null || node.isNull() ? null
                    : mapper.treeToValue(node, JobSubmission.class);
            return new BatchEntry.Valid(validator.validate(submission));
        } catch (BoardFormatException e) {
            return refused(ProblemType.INVALID_BOARD.problem(e.getMessage()), index);
        } catch (ProblemException e) {
            return refused(e.problem(), index);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return refused(ProblemType.MALFORMED_REQUEST.problem("entry " + index + " is not a job submission"),
                    index);
        }
    }

    private static BatchEntry refused(Problem problem, int index) {
        return new BatchEntry.Refused(problem.at(PATH + "#" + index));
    }
}
