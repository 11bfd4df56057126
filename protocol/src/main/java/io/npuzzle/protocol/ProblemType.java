package io.npuzzle.protocol;

/**
 * Every kind of problem the service answers (RFC 9457): the one catalogue that resources, exception mappers and
 * workers draw from, so a type, its title and its status never drift apart.
 */
public enum ProblemType {
    // A request the API refuses.
    INVALID_BOARD("invalid-board", "Invalid board", 400),
    UNAUTHORIZED("unauthorized", "Unauthorized", 401),
    INVALID_MODE("invalid-mode", "Invalid mode", 400),
    INVALID_RATIO("invalid-ratio", "Invalid ratio", 400),
    INVALID_WAIT("invalid-wait", "Invalid wait", 400),
    INVALID_MAX_SECONDS("invalid-max-seconds", "Invalid maxSeconds", 400),
    INVALID_IDEMPOTENCY_KEY("invalid-idempotency-key", "Invalid Idempotency-Key", 400),
    MALFORMED_REQUEST("malformed-request", "Malformed request", 400),
    BATCH_TOO_LARGE("batch-too-large", "Batch too large", 400),
    JOB_NOT_FOUND("job-not-found", "Job not found", 404),
    JOB_FINISHED("job-finished", "Job finished", 409),
    IDEMPOTENCY_KEY_IN_USE("idempotency-key-in-use", "Idempotency-Key in use", 409),
    IDEMPOTENCY_KEY_REUSED("idempotency-key-reused", "Idempotency-Key reused", 422),
    RATE_LIMITED("rate-limited", "Too Many Requests", 429),
    HEAVY_JOBS_LIMIT("too-many-heavy-jobs", "Too many unfinished heavy jobs", 429),
    UNAVAILABLE("unavailable", "Service unavailable", 503),
    STORE_FULL("store-full", "Job store full", 503),
    // Bare HTTP statuses, named after their reason phrase.
    BAD_REQUEST("bad-request", "Bad Request", 400),
    NOT_FOUND("not-found", "Not Found", 404),
    METHOD_NOT_ALLOWED("method-not-allowed", "Method Not Allowed", 405),
    NOT_ACCEPTABLE("not-acceptable", "Not Acceptable", 406),
    BODY_TOO_LARGE("request-entity-too-large", "Request Entity Too Large", 413),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported Media Type", 415),
    URI_TOO_LONG("uri-too-long", "URI Too Long", 414),
    HEADERS_TOO_LARGE("request-header-fields-too-large", "Request Header Fields Too Large", 431),
    INTERNAL_ERROR("internal-server-error", "Internal Server Error", 500),
    // Why a job FAILED.
    BUDGET_EXCEEDED("budget-exceeded", "Solve budget exceeded", 422),
    SOLVER_ERROR("solver-error", "Solver error", 500),
    INVALID_REQUEST("invalid-request", "Invalid solve request", 422),
    DELIVERIES_EXHAUSTED("deliveries-exhausted", "Job abandoned after repeated worker failures", 500),
    REDRIVES_EXHAUSTED("redrives-exhausted", "Job abandoned after it was re-driven without an outcome", 500);

    /** Problem types are URNs rather than URLs: they identify, they are not meant to be fetched. */
    public static final String URN_PREFIX = "urn:npuzzle:problem:";

    private final String urn;
    private final String title;
    private final int status;

    ProblemType(String kind, String title, int status) {
        this.urn = URN_PREFIX + kind;
        this.title = title;
        this.status = status;
    }

    public String urn() {
        return urn;
    }

    public String title() {
        return title;
    }

    public int status() {
        return status;
    }

    /** A problem of this type; the detail says what went wrong this time. */
    public Problem problem(String detail) {
        return new Problem(urn, title, status, detail, null);
    }

    /** The type for a bare HTTP error status: its own where the catalogue has one, else the generic 4xx or 5xx. */
    public static ProblemType forStatus(int status) {
        for (ProblemType type : values()) {
            if (type.status == status && type.ordinal() >= BAD_REQUEST.ordinal()
                    && type.ordinal() <= INTERNAL_ERROR.ordinal()) {
                return type;
            }
        }
        return status < 500 ? BAD_REQUEST : INTERNAL_ERROR;
    }
}
