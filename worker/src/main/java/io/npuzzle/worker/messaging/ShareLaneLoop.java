package io.npuzzle.worker.messaging;

import io.npuzzle.worker.jobs.SlotPresence;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.ShareConsumer;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * One heavy slot's share consumer (KIP-932): it acquires one record a poll, runs its job on the slot's thread and
 * acknowledges it by what became of the job: ACCEPT when done, RELEASE when left for redelivery, and a refused
 * record goes to the dead-letter topic before it is accepted. While the job runs, the consumer renews the record's
 * acquisition lock (RENEW, KIP-1222) three times a lock, so that a search of an hour stays with its worker while
 * a worker that dies loses its record to another within one lock. The slot says where it stands
 * ({@link SlotPresence}): idle while it polls with no job in hand, busy from the moment a record arrives, before its
 * job starts, gone once it stops. The consumer is used from this loop's thread only: Kafka's consumers are not
 * thread-safe.
 */
final class ShareLaneLoop implements Runnable {

    private static final Logger LOG = Logger.getLogger(ShareLaneLoop.class);
    /** How long a poll waits for a record: short, so that a freed slot takes the next job at once. */
    static final Duration POLL = Duration.ofMillis(100);
    private static final Duration FAILED_POLL_PAUSE = Duration.ofSeconds(1);
    /** Renewals per lock duration: two may be lost or late before the lock runs out. */
    private static final int RENEWALS_PER_LOCK = 3;

    private record Held(TopicPartition partition, long offset) {
        static Held of(ConsumerRecord<?, ?> record) {
            return new Held(new TopicPartition(record.topic(), record.partition()), record.offset());
        }
    }

    private final ShareConsumer<String, String> consumer;
    private final String topic;
    private final Function<ConsumerRecord<String, String>, AcknowledgeType> job;
    private final ExecutorService slot;
    private final Duration configuredLock;
    private final Map<Held, Future<AcknowledgeType>> inHand = new HashMap<>();
    private final BooleanSupplier stopping;
    private final SlotPresence presence;
    private volatile boolean closing;

    /**
     * @param job runs one record's job on the slot's thread and says how to acknowledge the record
     * @param configuredLock the lock duration set on the group, used until the broker tells the consumer its own
     * @param stopping whether the worker stops: a slot with no job in hand then takes no record, since one it
     *                 released would come straight back to it, each time counted by the broker towards archiving it
     * @param presence where the slot says whether it waits for a job
     */
    ShareLaneLoop(ShareConsumer<String, String> consumer, String topic,
                  Function<ConsumerRecord<String, String>, AcknowledgeType> job, ExecutorService slot,
                  Duration configuredLock, BooleanSupplier stopping, SlotPresence presence) {
        this.consumer = consumer;
        this.topic = topic;
        this.job = job;
        this.slot = slot;
        this.configuredLock = configuredLock;
        this.stopping = stopping;
        this.presence = presence;
    }

    @Override
    public void run() {
        try {
            consumer.subscribe(List.of(topic));
            while (!closing) {
                if (inHand.isEmpty() && stopping.getAsBoolean()) {
                    presence.gone();
                    LockSupport.parkNanos(POLL.toNanos());
                    continue;
                }
                if (inHand.isEmpty()) {
                    presence.idle();
                }
                try {
                    ConsumerRecords<String, String> records = consumer.poll(POLL);
                    if (!records.isEmpty()) {
                        settle(records);
                    }
                } catch (WakeupException e) {
                    // close() woke the consumer.
                } catch (KafkaException | IllegalStateException e) {
                    // The broker refused a poll or a commit (authorization, a record state gone stale): the locks
                    // of records in hand run out and the broker hands them on; the consumer goes on.
                    LOG.errorf(e, "the heavy lane's consumer failed a poll; polling on");
                    LockSupport.parkNanos(FAILED_POLL_PAUSE.toNanos());
                }
            }
        } finally {
            presence.gone();
            // Records still in hand are released by closing: the broker hands them on at once.
            consumer.close();
        }
    }

    /** Starts the jobs of new records, waits for one to end or a renewal to fall due, then acknowledges them all. */
    private void settle(ConsumerRecords<String, String> records) {
        // A job whose record the broker gave to another consumer (a rebalance moved its partition) never comes
        // back to be acknowledged: forgotten once it ends. Were its record to come back after all, its job runs
        // again and finds the job finished.
        Set<Held> returned = new HashSet<>();
        records.forEach(record -> returned.add(Held.of(record)));
        inHand.entrySet().removeIf(held -> held.getValue().isDone() && !returned.contains(held.getKey()));
        // Busy before the job starts: the API counts the slot free until then.
        presence.busy();
        Future<AcknowledgeType> first = null;
        for (ConsumerRecord<String, String> record : records) {
            Future<AcknowledgeType> running = inHand.computeIfAbsent(Held.of(record),
                    held -> slot.submit(() -> job.apply(record)));
            if (first == null && !running.isDone()) {
                first = running;
            }
        }
        if (first != null) {
            awaitUpTo(first, renewalPeriod());
        }
        for (ConsumerRecord<String, String> record : records) {
            Held held = Held.of(record);
            Future<AcknowledgeType> running = inHand.get(held);
            if (running.isDone()) {
                inHand.remove(held);
                consumer.acknowledge(record, outcome(running));
            } else {
                consumer.acknowledge(record, AcknowledgeType.RENEW);
            }
        }
        Map<TopicIdPartition, Optional<KafkaException>> results = consumer.commitSync();
        results.forEach((partition, failure) -> failure.ifPresent(e -> LOG.warnf(
                "the broker refused an acknowledgement on %s (the record goes to another worker, which skips a"
                        + " finished job): %s", partition, e.toString())));
    }

    private Duration renewalPeriod() {
        Duration lock = consumer.acquisitionLockTimeoutMs().map(Duration::ofMillis).orElse(configuredLock);
        return lock.dividedBy(RENEWALS_PER_LOCK);
    }

    private void awaitUpTo(Future<AcknowledgeType> running, Duration timeout) {
        try {
            running.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException | CancellationException e) {
            // Still running (renewed below), or ended in a way outcome() reads.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closing = true;
        }
    }

    private static AcknowledgeType outcome(Future<AcknowledgeType> done) {
        try {
            return done.get();
        } catch (ExecutionException | CancellationException e) {
            // The job's handling lets nothing escape; were it to, another worker takes the record again.
            LOG.errorf(e, "a heavy job ended without a verdict; releasing its record");
            return AcknowledgeType.RELEASE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return AcknowledgeType.RELEASE;
        }
    }

    /** Stops polling; the loop's thread closes the consumer. Safe from any thread. */
    void close() {
        closing = true;
        consumer.wakeup();
    }
}
