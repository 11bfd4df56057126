package io.npuzzle.api.rest;

/**
 * Request and response examples of the OpenAPI document: annotation values, so constants. They show real
 * answers of the service to one 3x3 board.
 */
final class OpenApiExamples {

    static final String SUBMISSION = """
            {"board": "2 3 4 1 5 x 7 6 8", "mode": "optimal"}""";
    static final String SUBMISSION_2X4 = """
            {"board": "7 6 5 4 3 2 1 0", "rows": 2, "cols": 4, "goal": "0 1 2 3 4 5 6 7"}""";
    static final String SUBMISSION_BOUNDED = """
            {"board": "2 3 4 1 5 x 7 6 8", "mode": "bounded", "ratio": 1.25}""";
    static final String QUEUED_JOB = """
            {"id": "50340a79-7b38-4c32-8c68-d9e0b98943e5", "status": "QUEUED", "board": "2 3 4 1 5 0 7 6 8",
             "rows": 3, "cols": 3, "goal": "1 2 3 4 5 6 7 8 0", "mode": "optimal", "ratio": null,
             "submittedAt": "2026-11-30T22:00:00.000Z", "finishedAt": null, "result": null, "error": null,
             "owner": null, "progress": null}""";
    static final String DONE_JOB = """
            {"id": "50340a79-7b38-4c32-8c68-d9e0b98943e5", "status": "DONE", "board": "2 3 4 1 5 0 7 6 8",
             "rows": 3, "cols": 3, "goal": "1 2 3 4 5 6 7 8 0", "mode": "optimal", "ratio": null,
             "submittedAt": "2026-11-30T22:00:00.000Z", "finishedAt": "2026-11-30T22:00:00.012Z",
             "result": {"solvable": true, "moves": "ullddrurdllurdruldr", "length": 19, "optimal": true,
                        "cached": false, "solveMillis": 0.147, "expanded": 0, "bound": 1.0},
             "error": null, "owner": null}""";
    static final String CANCELLED_JOB = """
            {"id": "50340a79-7b38-4c32-8c68-d9e0b98943e5", "status": "CANCELLED", "board": "2 3 4 1 5 0 7 6 8",
             "rows": 3, "cols": 3, "goal": "1 2 3 4 5 6 7 8 0", "mode": "optimal", "ratio": null,
             "submittedAt": "2026-11-30T22:00:00.000Z", "finishedAt": "2026-11-30T22:00:00.004Z",
             "result": null, "error": null, "owner": null,
             "progress": null}""";
    /** Two events of a 4x4 job's stream: its start, then its search's first report. */
    static final String EVENTS = """
            id: 2
            event: status
            data: {"id": "50340a79-7b38-4c32-8c68-d9e0b98943e5", "status": "RUNNING", "board": "15 14 8 12 10 11 9 \
            13 2 6 5 1 3 7 4 0", "rows": 4, "cols": 4, "goal": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", \
            "mode": "optimal", "ratio": null, "submittedAt": "2026-11-30T22:00:00.000Z", "finishedAt": null, \
            "result": null, "error": null, "owner": null, "progress": null}

            id: 3
            event: progress
            data: {"id": "50340a79-7b38-4c32-8c68-d9e0b98943e5", "status": "RUNNING", "board": "15 14 8 12 10 11 9 \
            13 2 6 5 1 3 7 4 0", "rows": 4, "cols": 4, "goal": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", \
            "mode": "optimal", "ratio": null, "submittedAt": "2026-11-30T22:00:00.000Z", "finishedAt": null, \
            "result": null, "error": null, "owner": null, "progress": {"bound": 60, "nodes": 41230000, \
            "elapsedMillis": 1000, "tasksDone": null, "tasks": null, "workers": null}}

            id: 4
            event: progress
            data: {"id": "50340a79-7b38-4c32-8c68-d9e0b98943e5", "status": "RUNNING", "board": "15 14 8 12 10 11 9 \
            13 2 6 5 1 3 7 4 0", "rows": 4, "cols": 4, "goal": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", \
            "mode": "optimal", "ratio": null, "submittedAt": "2026-11-30T22:00:00.000Z", "finishedAt": null, \
            "result": null, "error": null, "owner": null, "progress": {"bound": 62, "nodes": 96500000, \
            "elapsedMillis": 4000, "tasksDone": 97, "tasks": 256, "workers": 3}}
            """;
    static final String BATCH = """
            {"jobs": [{"board": "2 3 4 1 5 x 7 6 8"}, {"board": "1 2 3 4 5 6 7 7 0"}]}""";
    static final String BATCH_REPLY = """
            {"jobs": [
              {"id": "50340a79-7b38-4c32-8c68-d9e0b98943e5", "status": "QUEUED", "board": "2 3 4 1 5 0 7 6 8",
               "rows": 3, "cols": 3, "goal": "1 2 3 4 5 6 7 8 0", "mode": "optimal", "ratio": null,
               "submittedAt": "2026-11-30T22:00:00.000Z", "finishedAt": null, "result": null, "error": null,
               "owner": null, "progress": null},
              {"type": "urn:npuzzle:problem:invalid-board", "title": "Invalid board", "status": 400,
               "detail": "duplicate tile 7", "instance": "/api/v1/jobs/batch#1"}
            ]}""";

    private OpenApiExamples() {
    }
}
