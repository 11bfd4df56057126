package io.npuzzle.worker.messaging;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.kafka.KafkaClients;
import io.npuzzle.runtime.traces.ServiceSpans;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.jobs.LaneSlots;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.ThreadPriority;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import io.npuzzle.worker.lifecycle.WorkerIdentity;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The heavy lane: one share consumer (KIP-932) per heavy slot in group {@link Topics#HEAVY_SHARE_GROUP}, each
 * acquiring one record at a time, so that any number of workers take heavy jobs whatever the topic's partition
 * count, and the next slot that frees takes the next job. The broker locks each record while its job runs and
 * hands it to another worker when its holder dies; the service still counts deliveries itself, below the broker's
 * own limit, so that a job delivered too often ends FAILED with a problem rather than silently archived. Each slot
 * says in the job store whether it waits for a job ({@link LaneSlots}), and the API publishes heavy jobs only for
 * slots that wait: the next slot that frees takes the job whose turn it is then.
 */
@ApplicationScoped
public class HeavyLane {

    private static final Logger LOG = Logger.getLogger(HeavyLane.class);
    /** How long a stopping worker waits for each slot's loop to close its consumer. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private final Map<String, Object> kafka;
    private final WorkerConfig config;
    private final RequestHandling handling;
    private final DeadLetters deadLetters;
    private final UntilAvailable untilAvailable;
    private final HeavyLaneGroup group;
    private final GracefulStop gracefulStop;
    private final String workerId;
    private final ServiceSpans spans;
    private final LaneSlots laneSlots;
    private final List<ShareLaneLoop> loops = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<ExecutorService> slots = new ArrayList<>();

    @Inject
    HeavyLane(@Identifier("default-kafka-broker") Map<String, Object> kafka, WorkerConfig config,
              RequestHandling handling, DeadLetters deadLetters, UntilAvailable untilAvailable, HeavyLaneGroup group,
              GracefulStop gracefulStop, WorkerIdentity identity, ServiceSpans spans, LaneSlots laneSlots) {
        this.kafka = kafka;
        this.config = config;
        this.handling = handling;
        this.deadLetters = deadLetters;
        this.untilAvailable = untilAvailable;
        this.group = group;
        this.gracefulStop = gracefulStop;
        this.workerId = identity.id();
        this.spans = spans;
        this.laneSlots = laneSlots;
    }

    void start(@Observes StartupEvent event) {
        for (int slot = 0; slot < config.heavy().concurrency(); slot++) {
            String name = "heavy-lane-" + slot;
            ExecutorService solver = Executors.newSingleThreadExecutor(runnable -> new Thread(() -> {
                ThreadPriority.lowerCurrentThread(ThreadPriority.HEAVY_WORK);
                runnable.run();
            }, name + "-job"));
            ShareLaneLoop loop = new ShareLaneLoop(consumer(name), Topics.HEAVY_REQUESTS, this::handle, solver,
                    config.heavy().lockDuration(), gracefulStop::stopping,
                    laneSlots.slot(SolveCost.HEAVY, workerId + "-" + name));
            Thread thread = new Thread(() -> {
                // Settings first: a group that exists before them would start at the topic's end.
                untilAvailable.run("setting the heavy lane's group", group::configure);
                loop.run();
            }, name);
            loops.add(loop);
            slots.add(solver);
            threads.add(thread);
            thread.start();
        }
    }

    private KafkaShareConsumer<String, String> consumer(String name) {
        return consumer(kafka, Topics.HEAVY_SHARE_GROUP, workerId + "-" + name);
    }

    /** A share consumer of the group that acknowledges each record itself and acquires one a poll. */
    static KafkaShareConsumer<String, String> consumer(Map<String, Object> kafka, String groupId, String clientId) {
        Map<String, Object> settings = KafkaClients.settings(kafka, ConsumerConfig.configNames());
        settings.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        settings.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        settings.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
        // One record a poll: a consumer never holds a job locked that an idle slot could take.
        settings.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit");
        settings.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
        return new KafkaShareConsumer<>(settings, new StringDeserializer(), new StringDeserializer());
    }

    /** Runs one record's job on its slot and says how to acknowledge the record. */
    private AcknowledgeType handle(ConsumerRecord<String, String> record) {
        // The connector traces none of these records: their trace context is read from their headers here.
        RequestHandling.Verdict verdict = handling.handle(record.value(),
                spans.parentIn(record.headers(), RecordHeadersGetter.INSTANCE));
        if (verdict instanceof RequestHandling.Verdict.LeftForRedelivery left) {
            LOG.infof("released a heavy request for redelivery: %s", left.reason());
            return AcknowledgeType.RELEASE;
        }
        if (verdict instanceof RequestHandling.Verdict.Refused refused) {
            LOG.warnf("refused a record, sending it to %s: %s", Topics.DEAD_LETTERS, refused.reason().getMessage());
            try {
                untilAvailable.run("sending a refused record to " + Topics.DEAD_LETTERS,
                        () -> deadLetters.send(record, refused.reason()));
            } catch (UntilAvailable.Stopping e) {
                return AcknowledgeType.RELEASE;
            }
        }
        return AcknowledgeType.ACCEPT;
    }

    /** Whether every heavy slot's consumer is consuming (or about to, while its group is being set up). */
    public boolean consuming() {
        return threads.stream().allMatch(Thread::isAlive);
    }

    /** Closes every slot's consumer, after the graceful stop has let the jobs in hand finish. */
    @PreDestroy
    void stop() {
        loops.forEach(ShareLaneLoop::close);
        for (Thread thread : threads) {
            try {
                thread.join(CLOSE_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        slots.forEach(ExecutorService::shutdownNow);
    }
}
