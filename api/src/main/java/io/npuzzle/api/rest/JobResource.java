package io.npuzzle.api.rest;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.IdempotentSubmissions;
import io.npuzzle.api.jobs.JobService;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.ProblemType;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestResponse;

import java.time.Duration;

import static io.npuzzle.protocol.ProblemType.IDEMPOTENCY_KEY_IN_USE;
import static io.npuzzle.protocol.ProblemType.IDEMPOTENCY_KEY_REUSED;
import static io.npuzzle.protocol.ProblemType.INVALID_BOARD;
import static io.npuzzle.protocol.ProblemType.INVALID_IDEMPOTENCY_KEY;
import static io.npuzzle.protocol.ProblemType.INVALID_MODE;
import static io.npuzzle.protocol.ProblemType.INVALID_WAIT;
import static io.npuzzle.protocol.ProblemType.JOB_FINISHED;
import static io.npuzzle.protocol.ProblemType.JOB_NOT_FOUND;
import static io.npuzzle.protocol.ProblemType.STORE_FULL;
import static io.npuzzle.protocol.ProblemType.UNAVAILABLE;

/** Solve jobs: submit one, then poll it by id, or cancel it. */
@Path(JobResource.PATH)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class JobResource {

    public static final String PATH = "/api/v1/jobs";
    /** The request header that makes a submission safe to retry. */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private final JobService jobs;
    private final IdempotentSubmissions submissions;
    private final SubmissionValidator validator;
    private final ApiConfig config;

    JobResource(JobService jobs, IdempotentSubmissions submissions, SubmissionValidator validator, ApiConfig config) {
        this.jobs = jobs;
        this.submissions = submissions;
        this.validator = validator;
        this.config = config;
    }

    @POST
    @Operation(summary = "Submit a board", description = "202 with the queued job, or 200 with the job already DONE"
            + " when the answer is cached. The Location header names the job. A retry with the same"
            + " Idempotency-Key and submission gets the same job; the key with another submission is refused."
            + " Default budgets: quick jobs (boards of at most 10 cells, 4x4, or any board in fast mode) 5 s and"
            + " 20 M nodes; heavy jobs (optimal on any other shape) 60 s, 2 G nodes and the worker's search memory"
            + " (half its heap per heavy slot). A job over its budget ends FAILED with a budget-exceeded problem.")
    @Problems({INVALID_BOARD, INVALID_MODE, INVALID_IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_REUSED,
            UNAVAILABLE, STORE_FULL})
    public Uni<RestResponse<Job>> submit(JobSubmission submission,
                                         @Parameter(description = "makes retries safe: up to 255 visible ASCII"
                                                 + " characters") @RestHeader(IDEMPOTENCY_KEY)
                                         String idempotencyKey) {
        return submissions.accept(validator.validate(submission), idempotencyKey).map(job -> {
            // Set as a plain header: location() would make it absolute, and a relative path suits any replica.
            String location = PATH + "/" + job.id();
            return job.status().isFinished()
                    ? RestResponse.ResponseBuilder.ok(job).header(HttpHeaders.LOCATION, location).build()
                    : RestResponse.ResponseBuilder.<Job>accepted(job).header(HttpHeaders.LOCATION, location).build();
        });
    }

    @GET
    @Path("{id}")
    @Operation(summary = "Get a job", description = "With wait=S (up to 30), holds the request until the job"
            + " finishes or S seconds pass.")
    @Problems({INVALID_WAIT, JOB_NOT_FOUND, UNAVAILABLE})
    public Uni<Job> get(@PathParam("id") String id,
                        @Parameter(description = "seconds to wait for the job to finish") @QueryParam("wait") String wait) {
        return jobs.find(id, waitOf(wait)).map(job -> {
            if (job == null) {
                throw notFound(config);
            }
            return job;
        });
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Cancel a job", description = "200 with the job, now CANCELLED, unless it has finished"
            + " already or is unknown. A worker skips a cancelled job or stops its search.")
    @Problems({JOB_NOT_FOUND, JOB_FINISHED, UNAVAILABLE})
    public Uni<Job> cancel(@PathParam("id") String id) {
        return jobs.cancel(id).flatMap(cancelled -> switch (cancelled) {
            case CANCELLED -> jobs.find(id, Duration.ZERO);
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
        if (wait == null || wait.isBlank()) {
            return Duration.ZERO;
        }
        int max = config.maxWaitSeconds();
        int seconds;
        try {
            seconds = wait.length() > 3 ? -1 : Integer.parseInt(wait);
        } catch (NumberFormatException e) {
            seconds = -1;
        }
        if (seconds < 0 || seconds > max) {
            throw new ProblemException(ProblemType.INVALID_WAIT,
                    "wait must be a whole number of seconds from 0 to " + max);
        }
        return Duration.ofSeconds(seconds);
    }
}
