package io.npuzzle.worker.messaging;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.json.ProtocolJson;
import io.npuzzle.worker.inmemory.JobFlowFixture;
import io.npuzzle.worker.jobs.JobFlow;
import io.npuzzle.worker.jobs.JobStart;
import io.npuzzle.worker.jobs.JobStartStore;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import io.npuzzle.worker.solve.InFlightPlaces;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When the consumer acknowledges a record, refuses it to the dead-letter topic, or leaves it for redelivery. */
class SolveRequestConsumerTest {

    private static final String ONE_MOVE = "1 2 3 4 5 6 7 0 8";

    private final ObjectMapper mapper = quarkusLikeMapper();
    private final JobFlowFixture fixture = new JobFlowFixture();
    private final GracefulStop stop = new GracefulStop(Duration.ofSeconds(1));
    private final RecordingPublisher publisher = new RecordingPublisher();

    @Test
    void aRequestIsAcknowledgedOnlyOnceItsOutcomeIsPublished() throws Exception {
        SolveRequest request = fixture.submit(ONE_MOVE);
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(request));
        publisher.onPublish = () -> assertFalse(record.acked, "not acknowledged before the outcome is published");

        consumer(fixture.flow).onRequest(record.message());

        assertTrue(record.acked);
        assertNull(record.nackReason);
        assertEquals(1, publisher.published.size());
        assertEquals(request.jobId(), publisher.published.get(0).jobId());
        assertEquals(JobStatus.DONE, publisher.published.get(0).status());
        assertEquals(0, stop.inHand(), "the job is out of hand");
    }

    @Test
    void aRecordThatIsNotJsonIsRefusedWithTheReasonAndNothingIsPublished() {
        TrackedRecord record = new TrackedRecord("{not json");

        consumer(fixture.flow).onRequest(record.message());

        assertFalse(record.acked);
        assertTrue(record.nackReason.startsWith("not JSON"), record.nackReason);
        assertEquals(List.of(), publisher.published);
    }

    @Test
    void aRequestWithAnUnknownModeForNoWaitingJobIsRefused() {
        TrackedRecord record = new TrackedRecord("{\"jobId\": \"" + JobIds.next()
                + "\", \"board\": \"" + ONE_MOVE + "\", \"rows\": 3, \"cols\": 3, \"mode\": \"quickest\"}");

        consumer(fixture.flow).onRequest(record.message());

        assertFalse(record.acked);
        assertTrue(record.nackReason.startsWith("not a solve request"), record.nackReason);
    }

    @Test
    void aRequestWithARatioOutOfRangeOrWithoutBoundedModeForNoWaitingJobIsRefused() {
        for (String fields : new String[] {"\"mode\": \"fast\", \"ratio\": 1.5",
                "\"mode\": \"bounded\", \"ratio\": 7"}) {
            TrackedRecord record = new TrackedRecord("{\"jobId\": \"" + JobIds.next() + "\", \"board\": \""
                    + ONE_MOVE + "\", \"rows\": 3, \"cols\": 3, " + fields + "}");

            consumer(fixture.flow).onRequest(record.message());

            assertFalse(record.acked);
            assertTrue(record.nackReason.startsWith("not a solve request"), record.nackReason);
        }
    }

    @Test
    void aBoundedRequestReachesTheSolverWithItsRatio() {
        TrackedRecord record = new TrackedRecord("{\"jobId\": \"" + fixture.submit(ONE_MOVE).jobId()
                + "\", \"board\": \"" + ONE_MOVE + "\", \"rows\": 3, \"cols\": 3, \"mode\": \"bounded\","
                + " \"ratio\": 1.75}");

        consumer(fixture.flow).onRequest(record.message());

        assertTrue(record.acked);
        assertEquals(List.of(Quality.bounded(1.75)), fixture.solver.searches());
    }

    @Test
    void aRequestWithAnInvalidBoardForNoWaitingJobIsRefusedNamingTheDefect() throws Exception {
        SolveRequest request = fixture.submitUnchecked("1 1 2 3 4 5 6 7 0");
        fixture.starts.expire(request.jobId());
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(request));

        consumer(fixture.flow).onRequest(record.message());

        assertFalse(record.acked);
        assertEquals("invalid board: duplicate tile 1", record.nackReason);
        assertEquals(List.of(), publisher.published);
    }

    @Test
    void aRecordWithAWrongFieldThatNamesAWaitingJobEndsThatJobFailedAndIsAcknowledged() throws Exception {
        SolveRequest request = fixture.submit(ONE_MOVE);
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(request).replace("\"optimal\"",
                "\"slowest\""));

        consumer(fixture.flow).onRequest(record.message());

        assertTrue(record.acked);
        SolveOutcome outcome = publisher.published.get(0);
        assertEquals(request.jobId(), outcome.jobId());
        assertEquals(JobStatus.FAILED, outcome.status());
        assertEquals(ProblemType.INVALID_REQUEST.urn(), outcome.error().type());
    }

    @Test
    void aJobThatIsFinishedAlreadyIsAcknowledgedWithoutPublishing() throws Exception {
        SolveRequest request = fixture.submit(ONE_MOVE);
        fixture.starts.finish(request.jobId());
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(request));

        consumer(fixture.flow).onRequest(record.message());

        assertTrue(record.acked);
        assertEquals(List.of(), publisher.published);
    }

    @Test
    void aPublishThatFailsIsRetriedUntilItSucceedsAndOnlyThenAcknowledged() throws Exception {
        AtomicInteger failures = new AtomicInteger(2);
        publisher.onPublish = () -> {
            if (failures.getAndDecrement() > 0) {
                throw new IllegalStateException("broker unavailable");
            }
        };
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(fixture.submit(ONE_MOVE)));

        consumer(fixture.flow).onRequest(record.message());

        assertTrue(record.acked);
        assertEquals(1, publisher.published.size());
        assertEquals(-1, failures.get(), "tried three times");
    }

    @Test
    void anErrorWhileHandlingAJobEndsItFailedAndTheRecordIsAcknowledged() throws Exception {
        JobStartStore crashing = new JobStartStore() {
            @Override
            public JobStart start(String jobId, SolveCost lane) {
                throw new StackOverflowError("on purpose");
            }

            @Override
            public boolean awaitsOutcome(String jobId) {
                return true;
            }
        };
        JobFlow broken = new JobFlow(crashing, (key, puzzle, mode, asker) -> {
            throw new AssertionError("never asked: the job does not start");
        }, fixture.cancellations, fixture.progress, fixture.metrics, JobFlowFixture.WORKER_ID);
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(fixture.submit(ONE_MOVE)));

        consumer(broken).onRequest(record.message());

        assertTrue(record.acked);
        SolveOutcome outcome = publisher.published.get(0);
        assertEquals(JobStatus.FAILED, outcome.status());
        assertTrue(outcome.error().is(ProblemType.SOLVER_ERROR), outcome.error().type());
        assertEquals("the worker failed on this job (StackOverflowError)", outcome.error().detail());
    }

    @Test
    void aRecordThatArrivesWhileTheWorkerStopsIsLeftForRedelivery() throws Exception {
        SolveRequest request = fixture.submit(ONE_MOVE);
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(request));
        stop.onStop(null);

        consumer(fixture.flow).onRequest(record.message());

        assertFalse(record.acked);
        assertNull(record.nackReason);
        assertEquals(0, fixture.starts.deliveries(request.jobId()), "not started");
    }

    @Test
    void aRecordThatWaitedForItsPlaceIntoAStopIsLeftForRedeliveryUnstarted() throws Exception {
        SolveRequest request = fixture.submit(ONE_MOVE);
        TrackedRecord record = new TrackedRecord(mapper.writeValueAsString(request));
        InFlightPlaces places = new InFlightPlaces(1);
        InFlightPlaces.Place held = places.enter(request);
        CompletableFuture<Void> handled = CompletableFuture.runAsync(
                () -> consumer(fixture.flow, places).onRequest(record.message()));
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> places.waiting() == 1);
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> stop.onStop(null));
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(stop::stopping);

        held.close();

        handled.get(5, TimeUnit.SECONDS);
        stopped.get(5, TimeUnit.SECONDS);
        assertFalse(record.acked);
        assertNull(record.nackReason);
        assertEquals(0, fixture.starts.deliveries(request.jobId()), "not started");
    }

    private SolveRequestConsumer consumer(JobFlow flow) {
        return consumer(flow, new InFlightPlaces(8));
    }

    private SolveRequestConsumer consumer(JobFlow flow, InFlightPlaces places) {
        return new SolveRequestConsumer(new SolveRequestDecoder(new JsonCodec(mapper, new SimpleMeterRegistry())),
                flow, places, new UntilAvailable(stop), stop, publisher, JobFlowFixture.WORKER_ID);
    }

    /** The application's mapper as Quarkus configures it, with the protocol's customisation. */
    private static ObjectMapper quarkusLikeMapper() {
        ObjectMapper mapper = new ObjectMapper().findAndRegisterModules()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        new ProtocolJson().customize(mapper);
        return mapper;
    }

    /** A record whose acknowledgement, or refusal with its reason, is kept. */
    private static final class TrackedRecord {

        private final String payload;
        volatile boolean acked;
        volatile String nackReason;

        TrackedRecord(String payload) {
            this.payload = payload;
        }

        Message<String> message() {
            return Message.of(payload, () -> {
                acked = true;
                return CompletableFuture.completedFuture(null);
            }, failure -> {
                nackReason = failure.getMessage();
                return CompletableFuture.completedFuture(null);
            });
        }
    }

    /** Keeps what it publishes; {@link #onPublish} runs first and may throw, as a broker that is down would. */
    private static final class RecordingPublisher implements OutcomePublisher {

        final List<SolveOutcome> published = new CopyOnWriteArrayList<>();
        volatile Runnable onPublish = () -> { };

        @Override
        public void publish(SolveOutcome outcome) {
            onPublish.run();
            published.add(outcome);
        }
    }
}
