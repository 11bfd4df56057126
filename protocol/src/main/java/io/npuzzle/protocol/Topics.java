package io.npuzzle.protocol;

/**
 * Kafka topics of the service and the consumer groups that read them: the names the services' configuration
 * uses (the deploy module's checks hold both to these), and the ones tests and tools address.
 */
public final class Topics {

    /**
     * Quick solve requests (a table, a memory-free search or a fast answer), keyed by the puzzle's canonical key so
     * identical boards go to one partition.
     */
    public static final String REQUESTS = "npuzzle.solve.requests";
    /**
     * Heavy solve requests (optimal searches that may use their whole budget), keyed like {@link #REQUESTS}: they
     * queue among themselves, on solve slots of their own, and never hold up quick jobs.
     */
    public static final String HEAVY_REQUESTS = REQUESTS + ".heavy";
    /**
     * Partitions of {@link #HEAVY_REQUESTS}: one, so that every member of {@link #HEAVY_SHARE_GROUP} is assigned it.
     * Kafka's share-group assignor gives each partition to one member while members are fewer than partitions, and
     * a job on a busy member's partition would wait for it while other slots stand idle.
     */
    public static final int HEAVY_REQUESTS_PARTITIONS = 1;
    /**
     * Records of either requests topic that no worker can handle (not JSON, not a solve request, an invalid board),
     * as they came, with the reason in the {@code dead-letter-reason} header.
     */
    public static final String DEAD_LETTERS = REQUESTS + ".dlq";
    /** Outcomes, keyed by job id. */
    public static final String RESULTS = "npuzzle.solve.results";
    /**
     * Subtree tasks of split optimal searches ({@link SearchTask}), each keyed on its own so that an iteration's
     * tasks spread over the partitions; every worker takes them between jobs. Partitions: at least the most workers
     * expected to share one search.
     */
    public static final String SEARCH_TASKS = "npuzzle.search.tasks";
    /** Task records no worker can take (not JSON, not a task, a bound other than its search's current one). */
    public static final String SEARCH_DEAD_LETTERS = SEARCH_TASKS + ".dlq";
    /** Results of subtree tasks ({@link SearchTaskResult}), keyed by search, which wake the search's coordinator. */
    public static final String SEARCH_RESULTS = "npuzzle.search.results";
    /** Header carrying the job id on both topics. */
    public static final String JOB_ID_HEADER = "npuzzle-job-id";
    public static final String WORKER_GROUP = "npuzzle-workers";
    /**
     * The workers' share group (KIP-932) on the heavy requests: any number of consumers per partition, each record
     * locked while its job runs. A classic consumer group could not take this id.
     */
    public static final String HEAVY_SHARE_GROUP = "npuzzle-heavy-lane";
    public static final String API_GROUP = "npuzzle-api";
    /** The workers taking subtree tasks. (Task results are read by every worker, each in a group of its own.) */
    public static final String SEARCH_GROUP = "npuzzle-searchers";
    /** Every topic of the service. */
    public static final java.util.List<String> ALL = java.util.List.of(REQUESTS, HEAVY_REQUESTS, DEAD_LETTERS, RESULTS,
            SEARCH_TASKS, SEARCH_DEAD_LETTERS, SEARCH_RESULTS);

    private Topics() {
    }
}
