package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.Topics;
import io.npuzzle.worker.jobs.SlotPresence;
import io.npuzzle.testsupport.TestInfrastructure;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The heavy lane's share consumers against a real broker: consumers beyond the partition count take work, a job
 * longer than the lock stays with its consumer while every other job on a lane partitioned as the heavy topic goes
 * to an idle one, and a record whose consumer died goes to another within the lock duration.
 */
class ShareLaneLoopTest {

    /** Short, so that the test waits little; the test broker's floor allows it. */
    private static final Duration LOCK = Duration.ofSeconds(2);
    private static final Duration SESSION = Duration.ofSeconds(10);
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final AtomicInteger LANES = new AtomicInteger();

    private final Admin admin = TestInfrastructure.shared().kafka().admin();
    private final Map<String, Object> kafka = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            TestInfrastructure.shared().kafka().bootstrapServers());
    private final List<ShareLaneLoop> loops = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<ExecutorService> slots = new ArrayList<>();

    @AfterEach
    void stopLoops() throws InterruptedException {
        loops.forEach(ShareLaneLoop::close);
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        slots.forEach(ExecutorService::shutdownNow);
        admin.close();
    }

    /** What a slot said of itself, and when its job ran, in order. */
    private static final class SaidWords implements SlotPresence {
        private final List<String> words = new CopyOnWriteArrayList<>();

        @Override
        public void idle() {
            say("idle");
        }

        @Override
        public void busy() {
            say("busy");
        }

        @Override
        public void gone() {
            say("gone");
        }

        void say(String word) {
            if (words.isEmpty() || !words.get(words.size() - 1).equals(word)) {
                words.add(word);
            }
        }
    }

    @Test
    void aSlotSaysItIsIdleWhileItWaitsBusyBeforeItsJobStartsAndGoneOnceItStops() {
        String lane = lane(Topics.HEAVY_REQUESTS_PARTITIONS);
        SaidWords said = new SaidWords();
        CountDownLatch release = new CountDownLatch(1);
        ShareLaneLoop loop = start(lane, record -> {
            said.say("job");
            try {
                release.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return AcknowledgeType.ACCEPT;
        }, () -> false, said);
        awaitMembers(lane, 1);
        Awaitility.await("the slot said it waits").atMost(TIMEOUT).until(() -> said.words.contains("idle"));

        send(lane, 0, "job");
        Awaitility.await("the job ran").atMost(TIMEOUT).until(() -> said.words.contains("job"));
        assertEquals(List.of("idle", "busy", "job"), said.words.subList(0, 3), "busy before the job, not after");

        release.countDown();
        Awaitility.await("idle again once the job ended").atMost(TIMEOUT)
                .until(() -> said.words.get(said.words.size() - 1).equals("idle"));
        loop.close();
        Awaitility.await("gone once it stops").atMost(TIMEOUT)
                .until(() -> said.words.get(said.words.size() - 1).equals("gone"));
    }

    @Test
    void sixteenConsumersOnATwelvePartitionLaneEachFinishAShareOfTheWork() {
        String lane = lane(12);
        int consumers = 16;
        Map<Integer, AtomicInteger> jobsByConsumer = new ConcurrentHashMap<>();
        Set<String> finished = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < consumers; i++) {
            int consumer = i;
            start(lane, record -> {
                LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
                jobsByConsumer.computeIfAbsent(consumer, c -> new AtomicInteger()).incrementAndGet();
                finished.add(record.value());
                return AcknowledgeType.ACCEPT;
            });
        }
        awaitMembers(lane, consumers);

        int jobs = 640;
        publish(lane, jobs);

        Awaitility.await("every job finished").atMost(TIMEOUT).until(() -> finished.size() == jobs);
        assertEquals(consumers, jobsByConsumer.size(), "every consumer took jobs: " + jobsByConsumer);
    }

    @Test
    void aJobLongerThanTheLockStaysWithItsConsumerWhileEveryOtherJobGoesToAnIdleConsumer() {
        String lane = lane(Topics.HEAVY_REQUESTS_PARTITIONS);
        Map<String, AtomicInteger> starts = new ConcurrentHashMap<>();
        Map<String, Integer> ranOn = new ConcurrentHashMap<>();
        CountDownLatch longStarted = new CountDownLatch(1);
        CountDownLatch longFinished = new CountDownLatch(1);
        for (int i = 0; i < 2; i++) {
            int consumer = i;
            start(lane, record -> {
                starts.computeIfAbsent(record.value(), v -> new AtomicInteger()).incrementAndGet();
                ranOn.put(record.value(), consumer);
                if (record.value().equals("long")) {
                    longStarted.countDown();
                    LockSupport.parkNanos(LOCK.multipliedBy(3).toNanos());
                    longFinished.countDown();
                }
                return AcknowledgeType.ACCEPT;
            });
        }
        awaitMembers(lane, 2);

        send(lane, 0, "long");
        Awaitility.await("the long job started").atMost(TIMEOUT).until(() -> longStarted.getCount() == 0);
        // One short job on each partition: none may wait for the busy consumer, whichever partitions it holds.
        List<String> shortJobs = new ArrayList<>();
        for (int partition = 0; partition < Topics.HEAVY_REQUESTS_PARTITIONS; partition++) {
            shortJobs.add("short-" + partition);
            send(lane, partition, "short-" + partition);
        }

        Awaitility.await("the short jobs ran while the long one runs").atMost(LOCK)
                .until(() -> ranOn.keySet().containsAll(shortJobs));
        shortJobs.forEach(job -> assertNotEquals(ranOn.get("long"), ranOn.get(job), job + " ran on the idle consumer"));
        Awaitility.await("the long job finished").atMost(TIMEOUT).until(() -> longFinished.getCount() == 0);
        Awaitility.await("the long job was never handed to another consumer, nor again once accepted")
                .during(LOCK.plusSeconds(1)).atMost(LOCK.multipliedBy(3))
                .until(() -> starts.values().stream().allMatch(count -> count.get() == 1));
    }

    @Test
    void aLaneSplitOverMorePartitionsThanTheHeavyTopicIsToldApart() {
        HeavyLaneGroup group = new HeavyLaneGroup(admin, "split-lane", LOCK, SESSION);
        assertTrue(group.everyMemberTakesEveryJob(topic(Topics.HEAVY_REQUESTS_PARTITIONS)));
        assertFalse(group.everyMemberTakesEveryJob(topic(12)));
    }

    @Test
    void aRecordWhoseConsumerDiedGoesToAnotherConsumerWithinTheLockDuration() {
        String lane = lane(1);
        AtomicLong acquired = new AtomicLong();
        try (KafkaShareConsumer<String, String> dying = HeavyLane.consumer(kafka, lane, lane + "-dying")) {
            dying.subscribe(List.of(lane));
            send(lane, "job");
            Awaitility.await("the dying consumer acquired the job").atMost(TIMEOUT).until(() -> {
                ConsumerRecords<String, String> records = dying.poll(ShareLaneLoop.POLL);
                if (records.isEmpty()) {
                    return false;
                }
                acquired.set(System.nanoTime());
                return true;
            });
            // From here on it neither renews nor acknowledges, as a killed worker would not.
            AtomicLong redelivered = new AtomicLong();
            AtomicInteger deliveryCount = new AtomicInteger();
            start(lane, record -> {
                redelivered.set(System.nanoTime());
                deliveryCount.set(record.deliveryCount().orElse((short) 0));
                return AcknowledgeType.ACCEPT;
            });

            Awaitility.await("another consumer got the job").atMost(TIMEOUT).until(() -> redelivered.get() != 0);
            Duration taken = Duration.ofNanos(redelivered.get() - acquired.get());
            assertTrue(taken.compareTo(LOCK.plusSeconds(2)) < 0, "redelivered after " + taken);
            assertEquals(2, deliveryCount.get(), "the broker counted both deliveries");
        }
    }

    @Test
    void aStoppingConsumerWithNothingInHandLeavesARecordToTheOthersUndelivered() {
        String lane = lane(1);
        AtomicInteger takenWhileStopping = new AtomicInteger();
        start(lane, record -> {
            takenWhileStopping.incrementAndGet();
            return AcknowledgeType.RELEASE;
        }, () -> true);
        send(lane, "job");
        Awaitility.await("the stopping consumer takes nothing").during(LOCK).atMost(LOCK.multipliedBy(2))
                .until(() -> takenWhileStopping.get() == 0);

        AtomicInteger deliveryCount = new AtomicInteger();
        start(lane, record -> {
            deliveryCount.set(record.deliveryCount().orElse((short) 0));
            return AcknowledgeType.ACCEPT;
        });
        Awaitility.await("a consumer that is not stopping took the job").atMost(TIMEOUT)
                .until(() -> deliveryCount.get() != 0);
        assertEquals(1, deliveryCount.get(), "delivered once: never released in between");
    }

    @Test
    void aGroupWhoseTimingsTheBrokerRefusesStillReadsItsTopicFromTheStart() {
        String lane = topic(1);
        // Below the test broker's session floor: refused, with a warning, and Kafka's own timing kept.
        new HeavyLaneGroup(admin, lane, LOCK, Duration.ofSeconds(1)).configure();
        send(lane, "published before any consumer");

        Set<String> taken = ConcurrentHashMap.newKeySet();
        start(lane, record -> {
            taken.add(record.value());
            return AcknowledgeType.ACCEPT;
        });
        Awaitility.await("the job published before the group had members").atMost(TIMEOUT)
                .until(() -> taken.contains("published before any consumer"));
    }

    /** A topic of its own and a share group of the same name, set up as the workers set theirs. */
    private String lane(int partitions) {
        String lane = topic(partitions);
        new HeavyLaneGroup(admin, lane, LOCK, SESSION).configure();
        return lane;
    }

    private String topic(int partitions) {
        String topic = "share-lane-" + LANES.incrementAndGet() + "-" + System.nanoTime();
        try {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not create topic " + topic, e);
        }
        return topic;
    }

    private void start(String lane, Function<ConsumerRecord<String, String>, AcknowledgeType> job) {
        start(lane, job, () -> false);
    }

    private void start(String lane, Function<ConsumerRecord<String, String>, AcknowledgeType> job,
                       BooleanSupplier stopping) {
        start(lane, job, stopping, SlotPresence.NONE);
    }

    private ShareLaneLoop start(String lane, Function<ConsumerRecord<String, String>, AcknowledgeType> job,
                                BooleanSupplier stopping, SlotPresence presence) {
        String name = lane + "-" + loops.size();
        ExecutorService slot = Executors.newSingleThreadExecutor();
        ShareLaneLoop loop = new ShareLaneLoop(HeavyLane.consumer(kafka, lane, name), lane, job, slot, LOCK,
                stopping, presence);
        Thread thread = new Thread(loop, name);
        loops.add(loop);
        slots.add(slot);
        threads.add(thread);
        thread.start();
        return loop;
    }

    private void awaitMembers(String lane, int members) {
        Awaitility.await(members + " members of " + lane + " with partitions").atMost(TIMEOUT).until(() -> {
            ShareGroupDescription group;
            try {
                group = admin.describeShareGroups(List.of(lane)).all().get(10, TimeUnit.SECONDS).get(lane);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof GroupIdNotFoundException) {
                    return false;
                }
                throw e;
            }
            return group.members().size() == members && group.members().stream()
                    .allMatch(member -> !member.assignment().topicPartitions().isEmpty());
        });
    }

    private void publish(String lane, int records) {
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < records; i++) {
                producer.send(new ProducerRecord<>(lane, "job-" + i, "job-" + i));
            }
        }
    }

    private void send(String lane, String value) {
        send(lane, 0, value);
    }

    private void send(String lane, int partition, String value) {
        try (KafkaProducer<String, String> producer = producer()) {
            producer.send(new ProducerRecord<>(lane, partition, value, value));
        }
    }

    private KafkaProducer<String, String> producer() {
        return new KafkaProducer<>(kafka, new StringSerializer(), new StringSerializer());
    }
}
