package io.npuzzle.api.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.api.PipelineResource;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.testsupport.TestInfrastructure;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The job API end to end: HTTP, Kafka, a real worker process, Redis. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class JobsApiTest {

    private static final String JOBS = "/api/v1/jobs";

    @Inject
    RedisDataSource redis;
    @Inject
    ObjectMapper mapper;

    @BeforeAll
    static void emptyCache() {
        TestInfrastructure.shared().redis().flushAll();
    }

    @Test
    void a3x3BoardIsQueuedThenDoneWithAnOptimalLegalAnswer() {
        ExtractableResponse<Response> queued = submit(Map.of("board", "2 3 4 1 5 x 7 6 8"))
                .statusCode(202)
                .body("status", equalTo("QUEUED"))
                .body("board", equalTo("2 3 4 1 5 0 7 6 8"))
                .body("rows", equalTo(3)).body("cols", equalTo(3))
                .body("goal", equalTo("1 2 3 4 5 6 7 8 0"))
                .body("mode", equalTo("optimal"))
                .body("submittedAt", notNullValue())
                .extract();
        String id = queued.path("id");
        assertEquals(JOBS + "/" + id, queued.header("Location"));

        ValidatableResponse done = awaitDone(id);
        done.body("result.solvable", is(true)).body("result.optimal", is(true)).body("result.cached", is(false))
                .body("result.length", equalTo(19)).body("finishedAt", notNullValue());
        assertSolves("2 3 4 1 5 x 7 6 8", 3, 3, null, done.extract().path("result.moves"));
    }

    @Test
    void a2x4BoardWithTheBlankFirstGoalIsSolvedOptimally() {
        String goal = "0 1 2 3 4 5 6 7";
        String id = submit(Map.of("board", "7 6 5 4 3 2 1 0", "rows", 2, "cols", 4, "goal", goal))
                .statusCode(202).body("goal", equalTo(goal)).extract().path("id");
        ValidatableResponse done = awaitDone(id).body("result.length", equalTo(28));
        assertSolves("7 6 5 4 3 2 1 0", 2, 4, goal, done.extract().path("result.moves"));
    }

    @Test
    void aCustomGoalIsHonoured() {
        String goal = "8 7 6 5 4 3 2 1 0";
        String id = submit(Map.of("board", "1 2 3 4 5 6 7 8 0", "goal", goal)).statusCode(202).extract().path("id");
        ValidatableResponse done = awaitDone(id).body("result.optimal", is(true));
        assertSolves("1 2 3 4 5 6 7 8 0", 3, 3, goal, done.extract().path("result.moves"));
    }

    @Test
    void anUnsolvableBoardIsDoneWithoutMoves() {
        String id = submit(Map.of("board", "1 2 3 4 5 6 8 7 x")).statusCode(202).extract().path("id");
        awaitDone(id).body("result.solvable", is(false)).body("result.moves", nullValue())
                .body("result.length", nullValue()).body("error", nullValue());
    }

    @Test
    void aResubmissionIsAnsweredFromTheCacheAtOnce() {
        Map<String, Object> board = Map.of("board", "8 1 3 4 0 2 7 6 5");
        String first = submit(board).statusCode(202).extract().path("id");
        ValidatableResponse solved = awaitDone(first).body("result.cached", is(false));
        String moves = solved.extract().path("result.moves");
        long expanded = ((Number) solved.extract().path("result.expanded")).longValue();

        // 200 with DONE in the answer itself: no trip through Kafka, no second solve.
        ExtractableResponse<Response> answered = submit(board).statusCode(200)
                .body("status", equalTo("DONE")).body("result.cached", is(true)).body("result.moves", equalTo(moves))
                .extract();
        String second = answered.path("id");
        assertEquals(JOBS + "/" + second, answered.header("Location"));
        given().get(JOBS + "/" + second).then().statusCode(200).body("status", equalTo("DONE"))
                .body("result.cached", is(true)).body("result.expanded", equalTo((int) expanded));
        // A differently written goal that means the same puzzle shares the cache entry.
        submit(Map.of("board", "8 1 3 4 0 2 7 6 5", "goal", "1,2,3,4,5,6,7,8,x")).statusCode(200);
    }

    @Test
    void aBatchQueuesValidEntriesAndRefusesInvalidOnesInPlace() {
        List<Object> entries = List.of(
                Map.of("board", "1 2 3 4 5 6 0 7 8"),
                Map.of("board", "1 2 3 4 5 6 7 7 0"),
                Map.of("board", "1 2 3 0 5 6 4 7 8", "mode", "fast"),
                "not an object",
                Map.of("board", "1 2 3 4 5 6 0 7", "rows", 2, "cols", 4));
        ValidatableResponse reply = given().contentType(ContentType.JSON).body(Map.of("jobs", entries))
                .post(JOBS + "/batch").then().statusCode(202)
                .body("jobs.size()", equalTo(5))
                .body("jobs[1].status", equalTo(400)).body("jobs[1].detail", containsString("duplicate tile 7"))
                .body("jobs[3].status", equalTo(400))
                .body("jobs[2].mode", equalTo("fast"));
        for (int i : new int[] {0, 2, 4}) {
            awaitDone(reply.extract().path("jobs[" + i + "].id")).body("result.solvable", notNullValue());
        }
    }

    @Test
    void aLongPollReturnsAsSoonAsTheJobIsDone() {
        String id = submit(Map.of("board", "0 1 2 3 4 5 6 7", "rows", 2, "cols", 4)).statusCode(202)
                .extract().path("id");
        long started = System.nanoTime();
        given().queryParam("wait", 30).get(JOBS + "/" + id).then().statusCode(200)
                .body("status", equalTo("DONE"));
        assertTrue((System.nanoTime() - started) / 1_000_000 < 10_000, "returned long before the wait ran out");
    }

    @Test
    void aSubmissionWithAWaitAnswersWithTheDoneJobInOneRequest() {
        long started = System.nanoTime();
        given().contentType(ContentType.JSON).body(Map.of("board", "1 2 3 4 0 6 7 5 8")).queryParam("wait", 30)
                .post(JOBS).then().statusCode(200)
                .header("Location", containsString(JOBS + "/"))
                .body("status", equalTo("DONE")).body("result.length", equalTo(2))
                .body("result.cached", is(false));
        assertTrue((System.nanoTime() - started) / 1_000_000 < 10_000, "returned long before the wait ran out");
        problem(given().contentType(ContentType.JSON).body(Map.of("board", "1 2 3 4 5 6 0 7 8"))
                .queryParam("wait", "-1").post(JOBS).then(), 400).body("type", equalTo(ProblemType.INVALID_WAIT.urn()));
    }

    @Test
    void aLongPollOnAnUnfinishedJobEndsAfterTheWait() throws Exception {
        // A job that no worker will ever see: stored in Redis but never published.
        SolveRequest request = new SolveRequest(JobIds.next(), "3x3:8:12345678", "1 2 3 4 5 6 7 8 0", 3, 3,
                "1 2 3 4 5 6 7 8 0", Mode.OPTIMAL, Instant.now());
        redis.execute("EVAL", JobScripts.CREATE, "2", RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS, "60",
                mapper.writeValueAsString(request), request.jobId(), "60000");
        long started = System.nanoTime();
        given().queryParam("wait", 1).get(JOBS + "/" + request.jobId()).then().statusCode(200)
                .body("status", equalTo("QUEUED"));
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertTrue(millis >= 1000 && millis < 5000, "held for the wait, then answered: " + millis + " ms");
    }

    @Test
    void anInvalidBoardIsA400ProblemNamingTheDefect() {
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 8 8")), 400).body("detail", containsString("duplicate tile 8"))
                .body("type", equalTo(ProblemType.INVALID_BOARD.urn()));
        problem(submit(Map.of("board", "1 2 3 4 5 6 7")), 400).body("detail", containsString("cannot infer the shape"));
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 8 0", "goal", "1 2 3")), 400)
                .body("detail", containsString("invalid goal"));
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 8 0", "mode", "slow")), 400)
                .body("detail", containsString("unknown mode"));
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 8 0", "mode", "bounded", "ratio", 3.5)), 400)
                .body("type", equalTo(ProblemType.INVALID_RATIO.urn())).body("detail", containsString("at most 3"));
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 8 0", "mode", "fast", "ratio", 1.5)), 400)
                .body("type", equalTo(ProblemType.INVALID_RATIO.urn())).body("detail", containsString("bounded"));
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 8 0", "mode", "bounded", "ratio", "wide")), 400)
                .body("detail", containsString("ratio"));
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 8 0", "mode", "bounded", "ratio", List.of(2))), 400)
                .body("detail", containsString("ratio"));
        problem(given().queryParam("wait", 31).get(JOBS + "/00000000-0000-4000-8000-000000000000").then(), 400);
    }

    @Test
    void unknownJobsAndPathsAre404Problems() {
        problem(given().get(JOBS + "/00000000-0000-4000-8000-000000000000").then(), 404)
                .body("type", equalTo(ProblemType.JOB_NOT_FOUND.urn()));
        problem(given().get(JOBS + "/not-a-job-id").then(), 404);
        problem(given().get("/api/v1/nothing-here").then(), 404);
        problem(given().get("/nothing-here").then(), 404);
    }

    @Test
    void protocolErrorsAreProblemsToo() {
        problem(given().contentType(ContentType.JSON).body("{\"board\": ").post(JOBS).then(), 400)
                .body("detail", containsString("not valid JSON"));
        problem(given().contentType(ContentType.JSON).body("{\"board\": [1, 2]}").post(JOBS).then(), 400)
                .body("detail", containsString("board"));
        problem(given().contentType(ContentType.JSON).body("").post(JOBS).then(), 400);
        problem(given().contentType(ContentType.TEXT).body("1 2 3").post(JOBS).then(), 415);
        problem(given().delete(JOBS).then(), 405);
        problem(given().contentType(ContentType.JSON).body("{\"board\": \"" + "1 ".repeat(400_000) + "\"}")
                .post(JOBS).then(), 413);
    }

    @Test
    void theOpenApiDocumentDescribesTheJobs() {
        given().get("/q/openapi").then().statusCode(200).body(containsString(JOBS + "/{id}"));
        given().get("/q/swagger-ui/").then().statusCode(lessThan(400));
    }

    @Test
    void theOpenApiDocumentListsEachJobOperationsProblemsAndModesAsTheyTravel() {
        String problems = "responses.'%d'.content.'application/problem+json'.examples.'%s'.value.type";
        ValidatableResponse document = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200);
        document.rootPath("paths.'" + JOBS + "/{id}'.get")
                .body(String.format(problems, 404, "job-not-found"), equalTo(ProblemType.JOB_NOT_FOUND.urn()))
                .body(String.format(problems, 400, "invalid-wait"), equalTo(ProblemType.INVALID_WAIT.urn()))
                .body(String.format(problems, 429, "rate-limited"), equalTo(ProblemType.RATE_LIMITED.urn()))
                .body("responses.'413'", nullValue());
        document.rootPath("paths.'" + JOBS + "'.post")
                .body(String.format(problems, 422, "idempotency-key-reused"),
                        equalTo(ProblemType.IDEMPOTENCY_KEY_REUSED.urn()))
                .body(String.format(problems, 413, "request-entity-too-large"),
                        equalTo(ProblemType.BODY_TOO_LARGE.urn()))
                .body("responses.'400'.content.'application/problem+json'.schema.'$ref'",
                        equalTo("#/components/schemas/Problem"));
        document.rootPath("").body("components.schemas.Problem.properties.type", notNullValue())
                .body("components.schemas.Mode.enum", equalTo(List.of("optimal", "bounded", "fast")))
                .body("components.schemas.JobSubmission.properties.ratio.description", containsString("bounded"));
    }

    private static ValidatableResponse submit(Map<String, ?> body) {
        return given().contentType(ContentType.JSON).body(body).post(JOBS).then();
    }

    private static ValidatableResponse problem(ValidatableResponse response, int status) {
        return response.statusCode(status).contentType("application/problem+json")
                .body("status", equalTo(status)).body("title", notNullValue())
                .body(not(containsString("\tat ")));
    }

    private static ValidatableResponse awaitDone(String id) {
        return given().queryParam("wait", 20).get(JOBS + "/" + id).then().log().ifValidationFails().statusCode(200)
                .body("status", equalTo("DONE")).body("id", equalTo(id));
    }

    private static void assertSolves(String board, int rows, int cols, String goal, String moves) {
        Puzzle puzzle = Puzzle.parse(board, rows, cols, goal);
        assertEquals(puzzle.goal(), puzzle.start().apply(moves));
    }
}
