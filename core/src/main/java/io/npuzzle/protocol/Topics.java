package io.npuzzle.protocol;

/** Kafka topics of the service and the consumer groups that read them. */
public final class Topics {

    /** Solve requests, keyed by the puzzle's canonical key so identical boards go to one partition. */
    public static final String REQUESTS = "npuzzle.solve.requests";
    /**
     * Records of the requests topic that no worker can handle (not JSON, not a solve request, an invalid board),
     * as they came, with the reason in the {@code dead-letter-reason} header.
     */
    public static final String DEAD_LETTERS = REQUESTS + ".dlq";
    /** Outcomes, keyed by job id. */
    public static final String RESULTS = "npuzzle.solve.results";
    /** Header carrying the job id on both topics. */
    public static final String JOB_ID_HEADER = "npuzzle-job-id";
    public static final String WORKER_GROUP = "npuzzle-workers";
    public static final String API_GROUP = "npuzzle-api";

    private Topics() {
    }
}
