package io.npuzzle.api.rest;

import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.limits.Clients;
import io.npuzzle.api.jobs.IdempotentSubmissions;
import io.npuzzle.api.jobs.JobService;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveRequest;
import io.quarkus.resteasy.reactive.jackson.CustomDeserialization;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestResponse;

import java.time.Duration;

import static io.npuzzle.protocol.ProblemType.IDEMPOTENCY_KEY_IN_USE;
import static io.npuzzle.protocol.ProblemType.IDEMPOTENCY_KEY_REUSED;
import static io.npuzzle.protocol.ProblemType.INVALID_BOARD;
import static io.npuzzle.protocol.ProblemType.INVALID_IDEMPOTENCY_KEY;
import static io.npuzzle.protocol.ProblemType.INVALID_MODE;
import static io.npuzzle.protocol.ProblemType.INVALID_MAX_SECONDS;
import static io.npuzzle.protocol.ProblemType.INVALID_RATIO;
import static io.npuzzle.protocol.ProblemType.INVALID_WAIT;
import static io.npuzzle.protocol.ProblemType.JOB_FINISHED;
import static io.npuzzle.protocol.ProblemType.JOB_NOT_FOUND;
import static io.npuzzle.protocol.ProblemType.HEAVY_JOBS_LIMIT;
import static io.npuzzle.protocol.ProblemType.STORE_FULL;
import static io.npuzzle.protocol.ProblemType.UNAVAILABLE;

/** Solve jobs: submit one, then poll it by id, or cancel it; with API keys on, each key sees only its own jobs. */
@Path(JobResource.PATH)
@Tag(name = JobResource.TAG, description = "Solve jobs: submit boards, follow them by id (long polling with"
        + " wait, or live events), cancel them.")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class JobResource {

    public static final String PATH = "/api/v1/jobs";
    /** The OpenAPI tag of the job operations: generated clients name their API class after it. */
    public static final String TAG = "Jobs";
    /** The request header that makes a submission safe to retry. */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    private static final String WAIT = "seconds to wait for the job to finish";

    private final JobService jobs;
    private final IdempotentSubmissions submissions;
    private final SubmissionValidator validator;
    private final ApiConfig config;
    private final Clients clients;

    JobResource(JobService jobs, IdempotentSubmissions submissions, SubmissionValidator validator, ApiConfig config,
                Clients clients) {
        this.clients = clients;
        this.jobs = jobs;
        this.submissions = submissions;
        this.validator = validator;
        this.config = config;
    }

    @POST
    @Operation(operationId = "submitJob", summary = "Submit a board", description = "202 with the queued job, or"
            + " 200 with the job already DONE when the answer is cached. With wait=S (up to 30), holds the request"
            + " until the job finishes or S seconds pass, as a GET with wait would: 200 with the finished job, else"
            + " 202 with the job as it stands then. The Location header names the job. A retry"
            + " with the same Idempotency-Key and submission gets the same job; the key with another submission is"
            + " refused. Mode bounded with a ratio R answers at most R times the shortest length; the result's bound"
            + " says which factor it guarantees (1 when optimal). Quick jobs (boards of at most 10 cells, 4x4, or any"
            + " board in fast mode) and heavy jobs (optimal or bounded on any other shape) each run within the"
            + " workers' budgets of time, nodes and memory, which the deployment sets (see docs/configuration.md);"
            + " a long optimal search with pattern databases (3x4 to 5x5) is shared by every worker; maxSeconds sets"
            + " a job's own deadline. An optimal or bounded search holds a quick answer within about a second"
            + " (progress.bestLength) and proves a lower bound (progress.lowerBound) as it goes. An optimal job at its"
            + " deadline ends DONE with its best answer, optimal false, its lowerBound and the bound it is proven"
            + " within (length / lowerBound); a bounded one ends FAILED with a budget-exceeded problem unless its"
            + " ratio is proven, the problem's detail naming its best answer. A client may have only so many heavy jobs"
            + " unfinished at once (npuzzle.api.max-unfinished-heavy-jobs); more are refused with a"
            + " too-many-heavy-jobs problem.")
    @Problems({INVALID_BOARD, INVALID_MODE, INVALID_RATIO, INVALID_MAX_SECONDS, INVALID_WAIT,
            INVALID_IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_REUSED, HEAVY_JOBS_LIMIT, UNAVAILABLE,
            STORE_FULL})
    @Parameter(name = IDEMPOTENCY_KEY, in = ParameterIn.HEADER, description = "makes retries safe: 1 to 255 visible"
            + " ASCII characters", schema = @Schema(type = SchemaType.STRING, minLength = 1, maxLength = 255))
    @APIResponse(responseCode = "202", description = "The job, queued (or, with wait, not finished yet).",
            headers = @Header(name = HttpHeaders.LOCATION, description = "the job's path",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Job.class),
                    examples = @ExampleObject(name = "queued", value = OpenApiExamples.QUEUED_JOB)))
    @APIResponse(responseCode = "200", description = "The job, finished: its answer was cached, or it finished"
            + " within the wait.",
            headers = @Header(name = HttpHeaders.LOCATION, description = "the job's path",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Job.class),
                    examples = @ExampleObject(name = "done", value = OpenApiExamples.DONE_JOB)))
    @CustomDeserialization(StrictJson.RequestBodies.class)
    public Uni<RestResponse<Job>> submit(@RequestBody(required = true, content = @Content(
                                                 mediaType = MediaType.APPLICATION_JSON,
                                                 schema = @Schema(implementation = JobSubmission.class),
                                                 examples = {
                                                     @ExampleObject(name = "3x3", value = OpenApiExamples.SUBMISSION),
                                                     @ExampleObject(name = "2x4 with a goal",
                                                             value = OpenApiExamples.SUBMISSION_2X4),
                                                     @ExampleObject(name = "bounded",
                                                             value = OpenApiExamples.SUBMISSION_BOUNDED)}))
                                         JobSubmission submission, @Parameter(description = WAIT, schema = @Schema(
                                                 type = SchemaType.INTEGER, minimum = "0", maximum = "30"))
                                         @QueryParam("wait") String wait, @Context RoutingContext context) {
        // Read as sent: a header parameter would take an empty header for none, and an empty key must be refused.
        String idempotencyKey = context.request().getHeader(IDEMPOTENCY_KEY);
        Duration waitFor = waitOf(wait);
        Caller caller = Caller.of(context);
        SolveRequest request = validator.validate(submission).ownedBy(caller.keyName());
        return jobs.acceptAndWait(request.jobId(), waitFor, caller,
                () -> submissions.accept(request, clients.of(context), idempotencyKey)).map(job -> {
            // Set as a plain header: location() would make it absolute, and a relative path suits any replica.
            String location = PATH + "/" + job.id();
            return job.status().isFinished()
                    ? RestResponse.ResponseBuilder.ok(job).header(HttpHeaders.LOCATION, location).build()
                    : RestResponse.ResponseBuilder.<Job>accepted(job).header(HttpHeaders.LOCATION, location).build();
        });
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getJob", summary = "Get a job", description = "With wait=S (up to 30), holds the"
            + " request until the job finishes or S seconds pass.")
    @Problems({INVALID_WAIT, JOB_NOT_FOUND, UNAVAILABLE})
    @APIResponse(responseCode = "200", description = "The job.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Job.class),
            examples = @ExampleObject(name = "done", value = OpenApiExamples.DONE_JOB)))
    public Uni<Job> get(@PathParam("id") String id,
                        @Parameter(description = WAIT, schema = @Schema(
                                type = SchemaType.INTEGER, minimum = "0", maximum = "30"))
                        @QueryParam("wait") String wait, @Context RoutingContext context) {
        return jobs.find(id, waitOf(wait), Caller.of(context)).map(job -> {
            if (job == null) {
                throw notFound(config);
            }
            return job;
        });
    }

    @DELETE
    @Path("{id}")
    @Operation(operationId = "cancelJob", summary = "Cancel a job", description = "200 with the job, now CANCELLED,"
            + " unless it has finished already or is unknown. A worker skips a cancelled job or stops its search.")
    @Problems({JOB_NOT_FOUND, JOB_FINISHED, UNAVAILABLE})
    @APIResponse(responseCode = "200", description = "The job, now CANCELLED.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Job.class),
            examples = @ExampleObject(name = "cancelled", value = OpenApiExamples.CANCELLED_JOB)))
    public Uni<Job> cancel(@PathParam("id") String id, @Context RoutingContext context) {
        Caller caller = Caller.of(context);
        return jobs.cancel(id, caller).flatMap(cancelled -> switch (cancelled) {
            case CANCELLED -> jobs.find(id, Duration.ZERO, caller);
            case UNKNOWN -> throw notFound(config);
            case FINISHED -> throw new ProblemException(ProblemType.JOB_FINISHED,
                    "the job has finished already and cannot be cancelled");
        });
    }

    static ProblemException notFound(ApiConfig config) {
        return new ProblemException(ProblemType.JOB_NOT_FOUND,
                "no job with this id (jobs are kept for " + config.jobTtl().toHours() + " hours)");
    }

    private Duration waitOf(String wait) {
        if (wait == null) {
            return Duration.ZERO;
        }
        long max = config.maxWait().toSeconds();
        // ASCII digits only: Integer.parseInt would also take a sign and other scripts' digits.
        boolean digits = wait.length() <= 3 && wait.chars().allMatch(c -> c >= '0' && c <= '9');
        int seconds = digits ? Integer.parseInt(wait) : -1;
        if (seconds < 0 || seconds > max) {
            throw new ProblemException(ProblemType.INVALID_WAIT,
                    "wait must be a whole number of seconds from 0 to " + max);
        }
        return Duration.ofSeconds(seconds);
    }
}
