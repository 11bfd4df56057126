package io.npuzzle.api.traces;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.api.PackagedServices;
import io.npuzzle.api.SolveResults;
import io.npuzzle.api.TestBoards;
import io.npuzzle.api.traces.OtlpReceiver.ReceivedSpan;
import io.npuzzle.protocol.Topics;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The services with traces on, exporting over OTLP/HTTP to a receiver the test runs: a job's submission, its
 * request record, the worker's handling, its outcome record and the API's recording of it make one connected
 * trace across both services, the records carrying it in their headers; a heavy job whose worker is killed is
 * handled again, by the other worker, in the same trace.
 */
class TracesIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Short, so that the killed worker's heavy job moves on soon; the test broker's floor allows it. */
    private static final Map<String, String> HEAVY_LANE = Map.of("npuzzle.worker.heavy.lock-duration", "PT2S",
            "npuzzle.worker.heavy.session-timeout", "PT10S");
    private static final Pattern IN_FLIGHT = Pattern.compile("(?m)^npuzzle_worker_jobs_in_flight(?:\\{[^}]*})? (\\S+)");
    private static final Pattern TRACE_ID = Pattern.compile("[0-9a-f]{32}");
    private static final String SUBMIT = "POST /api/v1/jobs";
    private static final String HANDLING = "handle job";
    private static final String RECORDING = "record outcome";

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static final List<ServiceProcess> workers = new ArrayList<>();
    private static final int[] workerPorts = {FreePorts.next(), FreePorts.next()};
    private static OtlpReceiver receiver;
    private static JobsClient client;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        receiver = OtlpReceiver.start();
        Map<String, String> traces = Map.of("quarkus.otel.exporter.otlp.endpoint", receiver.endpoint(),
                "quarkus.otel.exporter.otlp.protocol", "http/protobuf",
                // Spans leave soon after they end, so that the test waits little for them.
                "quarkus.otel.bsp.schedule.delay", "PT0.1S");
        Map<String, String> workerSettings = new HashMap<>(traces);
        workerSettings.putAll(HEAVY_LANE);
        List<Supplier<ServiceProcess>> starters = new ArrayList<>();
        for (int i = 0; i < workerPorts.length; i++) {
            String name = "traces-worker-" + i;
            int workerPort = workerPorts[i];
            starters.add(() -> PackagedServices.startWorkerAsRun(name, workerPort, workerSettings));
        }
        int port = FreePorts.next();
        starters.add(() -> PackagedServices.startApi("traces-api", port, traces));
        services.addAll(ServiceProcess.startTogether(starters));
        workers.addAll(services.subList(0, workerPorts.length));
        client = new JobsClient(port);
        SolveResults.awaitWorkersSharingThePartitions(2, TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void aJobsSubmissionHandlingAndRecordingAreOneTraceAcrossBothServicesCarriedByTheRecordsHeaders() {
        JsonNode job = client.accepted(optimal(TestBoards.scrambled(4, 4, 30, new Random(20261207)), 4));
        String id = job.get("id").asText();
        String traceId = job.get("traceId").asText();
        assertTrue(TRACE_ID.matcher(traceId).matches(), "the job names its trace: " + job);
        assertEquals(traceId, client.awaitDone(id, TIMEOUT).get("traceId").asText(), "and keeps it");

        Trace trace = awaitSpans(traceId, SUBMIT, HANDLING, RECORDING);
        ReceivedSpan submit = trace.named(SUBMIT);
        ReceivedSpan handling = trace.named(HANDLING);
        ReceivedSpan recording = trace.named(RECORDING);
        assertEquals("npuzzle-api", submit.service());
        assertEquals("npuzzle-worker", handling.service());
        assertEquals("npuzzle-api", recording.service());
        assertTrue(trace.descends(handling, submit), "the handling is below the submission: " + trace);
        assertTrue(trace.descends(recording, handling), "the recording is below the handling: " + trace);
        assertEquals(id, handling.attributes().get("npuzzle.job.id"));
        assertEquals("done", handling.attributes().get("npuzzle.job.outcome"));
        assertEquals("false", handling.attributes().get("npuzzle.cache.hit"));
        assertTrue(handling.attributes().containsKey("npuzzle.solve.strategy"), handling.toString());
        assertTrue(handling.attributes().containsKey("npuzzle.solve.nodes_expanded"), handling.toString());
        assertEquals(id, recording.attributes().get("npuzzle.job.id"));
        assertEquals("done", recording.attributes().get("npuzzle.job.outcome"));

        assertTrue(traceparent(Topics.REQUESTS, id).contains(traceId), "the request record carries the trace");
        assertTrue(traceparent(Topics.RESULTS, id).contains(traceId), "the outcome record carries the trace");
    }

    @Test
    void aHeavyJobOfAWorkerKilledMidSearchIsHandledAgainByTheOtherWorkerInTheSameTrace() {
        JsonNode job = client.accepted(optimal(TestBoards.randomSolvable(6, 6, new Random(20261207)), 6));
        String id = job.get("id").asText();
        String traceId = job.get("traceId").asText();
        Awaitility.await("a worker searches").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                .until(() -> inFlight(0) + inFlight(1) == 1);
        int holder = inFlight(0) == 1 ? 0 : 1;
        ServiceProcess survivor = workers.get(1 - holder);

        workers.get(holder).kill();
        Awaitility.await("the other worker took the job").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                .until(() -> inFlight(1 - holder) == 1);
        assertEquals(200, client.cancel(id).statusCode());

        Trace trace = awaitSpans(traceId, SUBMIT, HANDLING);
        ReceivedSpan handling = trace.named(HANDLING);
        assertEquals(survivor.name(), handling.attributes().get("npuzzle.worker.id"));
        assertEquals(id, handling.attributes().get("npuzzle.job.id"));
        assertEquals("skipped: cancelled", handling.attributes().get("npuzzle.job.outcome"));
        assertTrue(trace.descends(handling, trace.named(SUBMIT)), "the redelivered handling is below the submission, "
                + "its parent read from the record's headers: " + trace);
        Awaitility.await("the survivor logged the cancel beside the job's trace").atMost(TIMEOUT)
                .until(() -> survivor.output().contains(id + " " + traceId + " "));
    }

    private static String optimal(String board, int size) {
        return "{\"board\": \"" + board + "\", \"rows\": " + size + ", \"cols\": " + size
                + ", \"mode\": \"optimal\"}";
    }

    /** The spans of one trace, once those named have arrived. */
    private static Trace awaitSpans(String traceId, String... names) {
        AtomicReference<Trace> trace = new AtomicReference<>();
        Awaitility.await("the spans " + List.of(names) + " of trace " + traceId).atMost(TIMEOUT)
                .pollInterval(Duration.ofMillis(200)).until(() -> {
                    trace.set(new Trace(receiver.trace(traceId)));
                    return List.of(names).stream().allMatch(name -> trace.get().find(name).isPresent());
                });
        return trace.get();
    }

    private record Trace(List<ReceivedSpan> spans) {

        Optional<ReceivedSpan> find(String name) {
            return spans.stream().filter(span -> span.name().equals(name)).findFirst();
        }

        ReceivedSpan named(String name) {
            return find(name).orElseThrow();
        }

        /** Whether {@code ancestor} is reached from {@code span} by its parents, each of them in the trace. */
        boolean descends(ReceivedSpan span, ReceivedSpan ancestor) {
            Optional<ReceivedSpan> step = Optional.of(span);
            while (step.isPresent()) {
                if (step.get().spanId().equals(ancestor.spanId())) {
                    return true;
                }
                String parent = step.get().parentSpanId();
                step = spans.stream().filter(candidate -> candidate.spanId().equals(parent)).findFirst();
            }
            return false;
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder();
            spans.forEach(span -> text.append(String.format("%n  %s %s %s <- %s", span.service(), span.name(),
                    span.spanId(), span.parentSpanId())));
            return text.toString();
        }
    }

    /** The traceparent header of the job's record on {@code topic}, read from the topic's start. */
    private static String traceparent(String topic, String jobId) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.shared().kafka().bootstrapServers()),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            AtomicReference<String> traceparent = new AtomicReference<>();
            Awaitility.await("the record of job " + jobId + " on " + topic).atMost(TIMEOUT).until(() -> {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    if (jobId.equals(header(record, Topics.JOB_ID_HEADER))) {
                        traceparent.set(String.valueOf(header(record, "traceparent")));
                    }
                }
                return traceparent.get() != null;
            });
            return traceparent.get();
        }
    }

    private static String header(ConsumerRecord<?, ?> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** Jobs in the worker's hands; the gauge appears with the worker's first job. */
    private static int inFlight(int worker) {
        Matcher gauge = IN_FLIGHT.matcher(PackagedServices.workerGet(workerPorts[worker], "/q/metrics").body());
        return gauge.find() ? (int) Double.parseDouble(gauge.group(1)) : 0;
    }
}
