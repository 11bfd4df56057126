import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.IntegerDeserializer;
import org.apache.kafka.common.serialization.IntegerSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Kafka share groups (KIP-932) against the classic consumer group the service's job lanes use, on a broker with
 * share groups enabled. Prints one line per figure:
 * <ol>
 * <li>N small records on a topic of P partitions, sent at once, then at once with W ms of work per record, then at R
 * a second, taken by C classic consumers, by C share consumers, by S share consumers and by S share consumers that
 * acquire one record a poll (explicit acknowledgement, ACCEPT per record): records/s from the first send to the last record processed, latency p50/p99 from the
 * producer's timestamp to processing, how many records each consumer processed, and how many members read each
 * partition;</li>
 * <li>failover: a share consumer that holds acquired records stops polling, or closes, without acknowledging them:
 * how long until another consumer of the group receives them, and the deliveryCount they carry then; with the
 * broker's lock duration and with Kafka's default one set on the group;</li>
 * <li>acknowledgement: a record released on every delivery comes back (to which consumer, how soon) until the
 * broker's delivery-count limit archives it; a rejected record is never delivered again; a record whose lock is
 * renewed (RENEW) for longer than a lock lasts stays with its consumer.</li>
 * </ol>
 * Usage: ShareGroupsBench --bootstrap HOST:PORT --lock-ms MS [--records 20000] [--rate 4000] [--work-ms 2]
 * [--partitions 12] [--classic-consumers 12] [--share-consumers 16]
 */
public class ShareGroupsBench {

    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration GROUP_READY = Duration.ofSeconds(90);
    /** Kafka's own default lock duration (group.share.record.lock.duration.ms), set on one group to measure it. */
    private static final Duration KAFKA_DEFAULT_LOCK = Duration.ofSeconds(30);

    private final String bootstrap;
    private final Admin admin;
    private final KafkaProducer<Integer, Integer> producer;

    ShareGroupsBench(String bootstrap) {
        this.bootstrap = bootstrap;
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 1);
        this.producer = new KafkaProducer<>(props, new IntegerSerializer(), new IntegerSerializer());
    }

    public static void main(String[] args) throws Exception {
        String bootstrap = null;
        Duration lock = null;
        int records = 20_000;
        int partitions = 12;
        int classicConsumers = 12;
        int shareConsumers = 16;
        int rate = 4_000;
        Duration work = Duration.ofMillis(2);
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--bootstrap" -> bootstrap = args[i + 1];
                case "--lock-ms" -> lock = Duration.ofMillis(Long.parseLong(args[i + 1]));
                case "--records" -> records = Integer.parseInt(args[i + 1]);
                case "--partitions" -> partitions = Integer.parseInt(args[i + 1]);
                case "--classic-consumers" -> classicConsumers = Integer.parseInt(args[i + 1]);
                case "--share-consumers" -> shareConsumers = Integer.parseInt(args[i + 1]);
                case "--rate" -> rate = Integer.parseInt(args[i + 1]);
                case "--work-ms" -> work = Duration.ofMillis(Long.parseLong(args[i + 1]));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (bootstrap == null || lock == null) {
            throw new IllegalArgumentException("--bootstrap and --lock-ms (the broker's lock duration) are required");
        }
        ShareGroupsBench bench = new ShareGroupsBench(bootstrap);
        try {
            bench.lane(Kind.CLASSIC, classicConsumers, records, partitions, rate, work);
            bench.lane(Kind.SHARE, classicConsumers, records, partitions, rate, work);
            bench.lane(Kind.SHARE, shareConsumers, records, partitions, rate, work);
            bench.lane(Kind.SHARE_ONE_A_POLL, shareConsumers, records, partitions, rate, work);
            bench.failover(Stop.STOPS_POLLING, lock, false);
            bench.failover(Stop.STOPS_POLLING, KAFKA_DEFAULT_LOCK, true);
            bench.failover(Stop.CLOSES, lock, false);
            bench.acknowledgements(lock);
            bench.renewal(lock);
        } finally {
            bench.producer.close();
            bench.admin.close();
        }
    }

    /**
     * The consumers of a lane: a classic group; a share group whose polls acquire what the client's defaults fetch;
     * a share group whose polls acquire one record each (share.acquire.mode record_limit, max.poll.records 1), so
     * that no consumer holds records locked that an idle one could take.
     */
    enum Kind {
        CLASSIC, SHARE, SHARE_ONE_A_POLL;

        boolean share() {
            return this != CLASSIC;
        }
    }

    enum Stop { STOPS_POLLING, CLOSES }

    // ---------------------------------------------------------------- 1. throughput and latency

    /**
     * One group of consumers of one kind takes a burst of records sent as fast as the producer can, the same with
     * work per record, then as many sent at a steady rate. The plain burst mostly times the producer; with work per
     * record the consumers set the rate, as a lane's workers do; the steady stream gives latency without a queue.
     */
    void lane(Kind kind, int consumers, int records, int partitions, int rate, Duration work) throws Exception {
        String name = "lane-" + kind.name().toLowerCase().replace('_', '-') + "-" + consumers;
        createTopic(name, partitions);
        if (kind.share()) {
            startFromEarliest(name);
        }
        AtomicReference<Tally> tally = new AtomicReference<>(new Tally(0, records / 4, consumers, Duration.ZERO));
        List<PollingThread> threads = new ArrayList<>();
        for (int i = 0; i < consumers; i++) {
            int index = i;
            PollingThread.Processor processor = record -> tally.get().processed(index, record);
            String clientId = name + "-" + i;
            threads.add(kind.share() ? new PollingThread(share(name, clientId, name, kind), processor)
                    : new PollingThread(classic(name, clientId, name), processor));
        }
        threads.forEach(PollingThread::start);
        try {
            await("the " + kind + " group's " + consumers + " members to be assigned", GROUP_READY,
                    () -> assigned(kind, name, consumers));
            // An unmeasured burst first: the producer, the broker and the consumers are about as warm for the first
            // group measured as for the last.
            send(name, tally.get(), Integer.MAX_VALUE);
            String label = kind + " group, " + consumers + " consumers on " + partitions + " partitions ("
                    + readersPerPartition(kind, name) + ")";
            tally.set(new Tally(1, records, consumers, Duration.ZERO));
            tally.get().print(label + ", burst", send(name, tally.get(), Integer.MAX_VALUE));
            tally.set(new Tally(2, records, consumers, work));
            tally.get().print(label + ", burst, " + work.toMillis() + " ms of work per record",
                    send(name, tally.get(), Integer.MAX_VALUE));
            tally.set(new Tally(3, records, consumers, Duration.ZERO));
            tally.get().print(label + ", " + rate + " records/s", send(name, tally.get(), rate));
        } finally {
            threads.forEach(PollingThread::finish);
        }
    }

    /**
     * Sends the tally's records, keyed by their sequence number as the service keys jobs, at most {@code rate} a
     * second, and waits until each was processed once. Returns the milliseconds the sending took.
     */
    private long send(String topic, Tally tally, int rate) throws InterruptedException {
        int records = tally.processedAt.length;
        long start = System.nanoTime();
        tally.startedAt = System.currentTimeMillis();
        for (int i = 0; i < records; i++) {
            long due = start + (long) (i * (1e9 / rate));
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            producer.send(new ProducerRecord<>(topic, i, tally.value(i)));
        }
        producer.flush();
        long sentMillis = (System.nanoTime() - start) / 1_000_000;
        await("all " + records + " records", Duration.ofMinutes(2), () -> tally.distinct.get() == records);
        return sentMillis;
    }

    /**
     * What the consumers saw of one run of records; each record's slot is written by the consumer that processed it.
     * A record's value is its run and its sequence number in the run.
     */
    static final class Tally {
        private static final int RUN_STRIDE = 1 << 24;
        final int run;
        /** How long a consumer spends on each record, parked: work done elsewhere, as a job's solve is. */
        final long workNanos;
        final long[] processedAt;
        final long[] latencyMillis;
        final AtomicIntegerArray deliveries;
        final int[] perConsumer;
        final AtomicInteger distinct = new AtomicInteger();
        volatile long startedAt;

        Tally(int run, int records, int consumers, Duration work) {
            this.run = run;
            this.workNanos = work.toNanos();
            processedAt = new long[records];
            latencyMillis = new long[records];
            deliveries = new AtomicIntegerArray(records);
            perConsumer = new int[consumers];
        }

        int value(int sequence) {
            return run * RUN_STRIDE + sequence;
        }

        /** Records of an earlier run, delivered again after it ended, are left out. */
        void processed(int consumer, ConsumerRecord<Integer, Integer> record) {
            if (record.value() / RUN_STRIDE != run) {
                return;
            }
            int sequence = record.value() % RUN_STRIDE;
            if (workNanos > 0) {
                LockSupport.parkNanos(workNanos);
            }
            long now = System.currentTimeMillis();
            if (deliveries.getAndIncrement(sequence) == 0) {
                processedAt[sequence] = now;
                latencyMillis[sequence] = now - record.timestamp();
                perConsumer[consumer]++;
                distinct.incrementAndGet();
            }
        }

        void print(String label, long sentMillis) {
            int records = processedAt.length;
            long took = Math.max(1, Arrays.stream(processedAt).max().orElseThrow() - startedAt);
            long[] latencies = latencyMillis.clone();
            Arrays.sort(latencies);
            int duplicates = 0;
            for (int i = 0; i < records; i++) {
                duplicates += deliveries.get(i) - 1;
            }
            int[] counts = perConsumer.clone();
            Arrays.sort(counts);
            long idle = Arrays.stream(counts).filter(c -> c == 0).count();
            System.out.printf("%s: %,d records in %,d ms (sent in %,d ms): %,.0f records/s; latency p50 %d ms,"
                            + " p99 %d ms; per consumer %d-%d (%s); %d took none; %d delivered twice%n",
                    label, records, took, sentMillis, records * 1000.0 / took, latencies[records / 2],
                    latencies[(int) (records * 0.99)], counts[0], counts[counts.length - 1],
                    Arrays.stream(perConsumer).mapToObj(String::valueOf).collect(Collectors.joining(" ")), idle,
                    duplicates);
        }
    }

    // ---------------------------------------------------------------- 2. failover

    /**
     * Two share consumers; the first to receive records keeps them acquired without acknowledging and then stops
     * polling or closes. The other acknowledges whatever it receives and notes when the held records reach it.
     */
    void failover(Stop stop, Duration lock, boolean lockOnGroup) throws Exception {
        String name = "failover-" + stop.name().toLowerCase().replace('_', '-') + "-" + lock.toSeconds() + "s";
        int records = 10;
        createTopic(name, 1);
        startFromEarliest(name);
        if (lockOnGroup) {
            setGroupConfig(name, "share.record.lock.duration.ms", Long.toString(lock.toMillis()));
        }
        AtomicReference<Holder> holder = new AtomicReference<>();
        Map<Long, Redelivery> redelivered = new ConcurrentHashMap<>();
        List<ShareThread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int index = i;
            threads.add(new ShareThread(share(name, name + "-" + i, name), (consumer, batch) -> {
                Holder held = holder.get();
                if (held == null && holder.compareAndSet(null, Holder.of(index, batch))) {
                    if (stop == Stop.CLOSES) {
                        consumer.close();
                    }
                    return false;
                }
                long now = System.currentTimeMillis();
                for (ConsumerRecord<Integer, Integer> record : batch) {
                    Holder current = holder.get();
                    if (current.offsets().contains(record.offset())) {
                        redelivered.putIfAbsent(record.offset(),
                                new Redelivery(index, now, record.deliveryCount().orElse((short) 0)));
                    }
                    consumer.acknowledge(record, AcknowledgeType.ACCEPT);
                }
                return true;
            }));
        }
        threads.forEach(ShareThread::start);
        try {
            await("both members of " + name + " to be assigned", GROUP_READY, () -> assigned(Kind.SHARE, name, 2));
            for (int i = 0; i < records; i++) {
                producer.send(new ProducerRecord<>(name, i, i));
            }
            producer.flush();
            await("a consumer to acquire the records", GROUP_READY, () -> holder.get() != null);
            Holder held = holder.get();
            await("the held records at the other consumer", lock.plus(GROUP_READY),
                    () -> redelivered.size() == held.offsets().size());
            long first = redelivered.values().stream().mapToLong(Redelivery::at).min().orElseThrow() - held.at();
            long last = redelivered.values().stream().mapToLong(Redelivery::at).max().orElseThrow() - held.at();
            Set<Short> counts = redelivered.values().stream().map(Redelivery::deliveryCount)
                    .collect(Collectors.toCollection(java.util.TreeSet::new));
            Set<Integer> receivers = redelivered.values().stream().map(Redelivery::consumer)
                    .collect(Collectors.toSet());
            System.out.printf("failover, share consumer %s without acknowledging, lock %d s%s: its %d records at"
                            + " another consumer after %,d-%,d ms (receivers %s, holder %d), deliveryCount %s%n",
                    stop == Stop.CLOSES ? "closes" : "stops polling", lock.toSeconds(),
                    lockOnGroup ? " (Kafka's default, on the group)" : " (the broker's)", held.offsets().size(),
                    first, last, receivers, held.consumer(), counts);
        } finally {
            threads.forEach(ShareThread::finish);
        }
    }

    /** The consumer that acquired records and let them go, and when it received them. */
    record Holder(int consumer, long at, Set<Long> offsets) {
        static Holder of(int consumer, ConsumerRecords<Integer, Integer> batch) {
            Set<Long> offsets = ConcurrentHashMap.newKeySet();
            batch.forEach(record -> offsets.add(record.offset()));
            return new Holder(consumer, System.currentTimeMillis(), offsets);
        }
    }

    record Redelivery(int consumer, long at, short deliveryCount) {
    }

    // ---------------------------------------------------------------- 3. RELEASE and REJECT

    /**
     * Two share consumers on one partition; record 1 is released on every delivery, record 2 rejected, record 3
     * accepted. Ends once nothing was delivered for longer than a lock lasts.
     */
    void acknowledgements(Duration lock) throws Exception {
        String name = "acknowledgements";
        createTopic(name, 1);
        startFromEarliest(name);
        List<Delivery> deliveries = new CopyOnWriteArrayList<>();
        List<ShareThread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int index = i;
            threads.add(new ShareThread(share(name, name + "-" + i, name), (consumer, batch) -> {
                long received = System.currentTimeMillis();
                for (ConsumerRecord<Integer, Integer> record : batch) {
                    AcknowledgeType type = switch (record.value()) {
                        case 1 -> AcknowledgeType.RELEASE;
                        case 2 -> AcknowledgeType.REJECT;
                        default -> AcknowledgeType.ACCEPT;
                    };
                    consumer.acknowledge(record, type);
                }
                consumer.commitSync();
                long acknowledged = System.currentTimeMillis();
                for (ConsumerRecord<Integer, Integer> record : batch) {
                    deliveries.add(new Delivery(record.value(), index, received, acknowledged,
                            record.deliveryCount().orElse((short) 0)));
                }
                return true;
            }));
        }
        threads.forEach(ShareThread::start);
        try {
            await("both members of " + name + " to be assigned", GROUP_READY, () -> assigned(Kind.SHARE, name, 2));
            for (int value = 1; value <= 3; value++) {
                producer.send(new ProducerRecord<>(name, value, value));
            }
            producer.flush();
            Duration quiet = lock.plusSeconds(1);
            await("the first deliveries", GROUP_READY, () -> !deliveries.isEmpty());
            await("a quiet " + quiet.toSeconds() + " s", Duration.ofMinutes(2), () ->
                    System.currentTimeMillis() - deliveries.get(deliveries.size() - 1).receivedAt() > quiet.toMillis());
            List<Delivery> released = deliveries.stream().filter(d -> d.value() == 1).toList();
            List<Long> backAfter = new ArrayList<>();
            for (int i = 1; i < released.size(); i++) {
                backAfter.add(released.get(i).receivedAt() - released.get(i - 1).acknowledgedAt());
            }
            System.out.printf("RELEASE on every delivery: delivered %d times, deliveryCount %s, to consumers %s, each"
                            + " back %s ms after its release; none after the last in %d s%n",
                    released.size(), released.stream().map(d -> String.valueOf(d.deliveryCount())).toList(),
                    released.stream().map(d -> String.valueOf(d.consumer())).toList(), backAfter, quiet.toSeconds());
            describeOnce("REJECT", deliveries, 2, quiet);
            describeOnce("ACCEPT", deliveries, 3, quiet);
        } finally {
            threads.forEach(ShareThread::finish);
        }
    }

    /**
     * Two share consumers on one partition; the first to receive the one record holds it for two lock durations:
     * it acknowledges RENEW a few times a lock and polls on, and the client hands the renewed record back to it by a
     * later poll, to be renewed again or at last accepted. Reports whether the other consumer ever received it and
     * what the broker answered to each commit.
     */
    void renewal(Duration lock) throws Exception {
        String name = "renewal";
        createTopic(name, 1);
        startFromEarliest(name);
        Duration held = lock.multipliedBy(2);
        long renewEvery = lock.dividedBy(3).toNanos();
        AtomicInteger holder = new AtomicInteger(-1);
        AtomicLong firstReceived = new AtomicLong();
        AtomicLong lastRenewal = new AtomicLong();
        AtomicInteger renewals = new AtomicInteger();
        Set<Short> deliveryCounts = ConcurrentHashMap.newKeySet();
        Set<String> failures = ConcurrentHashMap.newKeySet();
        CountDownLatch accepted = new CountDownLatch(1);
        List<Delivery> elsewhere = new CopyOnWriteArrayList<>();
        List<ShareThread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int index = i;
            threads.add(new ShareThread(share(name, name + "-" + i, name), (consumer, batch) -> {
                long received = System.nanoTime();
                if (holder.compareAndSet(-1, index)) {
                    firstReceived.set(received);
                    lastRenewal.set(received);
                }
                if (holder.get() != index) {
                    for (ConsumerRecord<Integer, Integer> record : batch) {
                        elsewhere.add(new Delivery(record.value(), index, received, received,
                                record.deliveryCount().orElse((short) 0)));
                        consumer.acknowledge(record, AcknowledgeType.ACCEPT);
                    }
                    return true;
                }
                for (ConsumerRecord<Integer, Integer> record : batch) {
                    deliveryCounts.add(record.deliveryCount().orElse((short) 0));
                    boolean done = received - firstReceived.get() >= held.toNanos();
                    if (!done) {
                        LockSupport.parkNanos(lastRenewal.get() + renewEvery - System.nanoTime());
                        lastRenewal.set(System.nanoTime());
                        renewals.incrementAndGet();
                    }
                    consumer.acknowledge(record, done ? AcknowledgeType.ACCEPT : AcknowledgeType.RENEW);
                    failures.addAll(failed(consumer.commitSync()));
                    if (done) {
                        accepted.countDown();
                    }
                }
                return true;
            }));
        }
        threads.forEach(ShareThread::start);
        try {
            await("both members of " + name + " to be assigned", GROUP_READY, () -> assigned(Kind.SHARE, name, 2));
            producer.send(new ProducerRecord<>(name, 1, 1));
            producer.flush();
            if (!accepted.await(held.plus(GROUP_READY).toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the renewing consumer did not accept its record");
            }
            Duration quiet = lock.plusSeconds(1);
            LockSupport.parkNanos(quiet.toNanos());
            System.out.printf("RENEW every %d ms for %d s, polling on, then ACCEPT: %d renewals, deliveryCount %s at"
                            + " the holder; delivered to the other consumer %d time(s) meanwhile and in %d s after;"
                            + " broker's answers: %s%n",
                    TimeUnit.NANOSECONDS.toMillis(renewEvery), held.toSeconds(), renewals.get(), deliveryCounts,
                    elsewhere.size(), quiet.toSeconds(), failures.isEmpty() ? "all accepted" : failures);
        } finally {
            threads.forEach(ShareThread::finish);
        }
    }

    private static List<String> failed(Map<?, Optional<org.apache.kafka.common.KafkaException>> commit) {
        return commit.values().stream().flatMap(Optional::stream).map(Throwable::toString).toList();
    }

    private static void describeOnce(String label, List<Delivery> deliveries, int value, Duration quiet) {
        List<Delivery> of = deliveries.stream().filter(d -> d.value() == value).toList();
        System.out.printf("%s: delivered %d time(s), deliveryCount %s; none again in %d s%n", label, of.size(),
                of.stream().map(d -> String.valueOf(d.deliveryCount())).toList(), quiet.toSeconds());
    }

    record Delivery(int value, int consumer, long receivedAt, long acknowledgedAt, short deliveryCount) {
    }

    // ---------------------------------------------------------------- consumers and groups

    private KafkaShareConsumer<Integer, Integer> share(String group, String clientId, String topic) {
        return share(group, clientId, topic, Kind.SHARE);
    }

    private KafkaShareConsumer<Integer, Integer> share(String group, String clientId, String topic, Kind kind) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        props.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
        if (kind == Kind.SHARE_ONE_A_POLL) {
            props.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit");
            props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
        }
        KafkaShareConsumer<Integer, Integer> consumer =
                new KafkaShareConsumer<>(props, new IntegerDeserializer(), new IntegerDeserializer());
        consumer.subscribe(List.of(topic));
        return consumer;
    }

    /** A consumer of a classic group, as the service's lanes have: the classic protocol, offsets committed. */
    private KafkaConsumer<Integer, Integer> classic(String group, String clientId, String topic) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        KafkaConsumer<Integer, Integer> consumer =
                new KafkaConsumer<>(props, new IntegerDeserializer(), new IntegerDeserializer());
        consumer.subscribe(List.of(topic));
        return consumer;
    }

    /** Whether the group has the members given, each with a partition, as the broker describes it. */
    private boolean assigned(Kind kind, String group, int members) {
        try {
            if (kind.share()) {
                ShareGroupDescription description =
                        admin.describeShareGroups(List.of(group)).describedGroups().get(group).get();
                return description.groupState() == GroupState.STABLE && description.members().size() == members
                        && description.members().stream().allMatch(m -> !m.assignment().topicPartitions().isEmpty());
            }
            ConsumerGroupDescription description =
                    admin.describeConsumerGroups(List.of(group)).describedGroups().get(group).get();
            return description.groupState() == GroupState.STABLE && description.members().size() == members
                    && description.members().stream().allMatch(m -> !m.assignment().topicPartitions().isEmpty());
        } catch (Exception notYet) {
            return false;
        }
    }

    /** How many partitions have how many members reading them, as the broker assigned them: "12 read by 1". */
    private String readersPerPartition(Kind kind, String group) throws Exception {
        List<Set<TopicPartition>> assignments = kind.share()
                ? admin.describeShareGroups(List.of(group)).describedGroups().get(group).get().members().stream()
                        .map(m -> m.assignment().topicPartitions()).toList()
                : admin.describeConsumerGroups(List.of(group)).describedGroups().get(group).get().members().stream()
                        .map(m -> m.assignment().topicPartitions()).toList();
        Map<TopicPartition, Long> readers = assignments.stream().flatMap(Set::stream)
                .collect(Collectors.groupingBy(p -> p, Collectors.counting()));
        Map<Long, Long> partitionsByReaders = readers.values().stream()
                .collect(Collectors.groupingBy(n -> n, java.util.TreeMap::new, Collectors.counting()));
        return partitionsByReaders.entrySet().stream().map(e -> e.getValue() + " read by " + e.getKey())
                .collect(Collectors.joining(", "));
    }

    /** A share group starts at the latest offset unless told otherwise; these read what was sent before joining. */
    private void startFromEarliest(String group) throws Exception {
        setGroupConfig(group, "share.auto.offset.reset", "earliest");
    }

    private void setGroupConfig(String group, String key, String value) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, group);
        admin.incrementalAlterConfigs(Map.of(resource,
                List.of(new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET)))).all().get();
    }

    private void createTopic(String name, int partitions) throws Exception {
        admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all().get();
    }

    private static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + timeout.toSeconds() + " s waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    /** A consumer of either kind polled by a thread of its own, each record handed to the processor. */
    static final class PollingThread extends Thread {
        private final AutoCloseable consumer;
        private final Poller poller;
        private final Processor processor;
        private volatile boolean running = true;

        interface Processor {
            void processed(ConsumerRecord<Integer, Integer> record);
        }

        /** One poll of either kind of consumer, with what that kind does once a batch is processed. */
        interface Poller {
            void pollOnce(Processor processor);
        }

        PollingThread(KafkaShareConsumer<Integer, Integer> consumer, Processor processor) {
            this(consumer, p -> {
                for (ConsumerRecord<Integer, Integer> record : consumer.poll(POLL)) {
                    p.processed(record);
                    consumer.acknowledge(record, AcknowledgeType.ACCEPT);
                }
            }, processor);
        }

        PollingThread(KafkaConsumer<Integer, Integer> consumer, Processor processor) {
            this(consumer, p -> {
                ConsumerRecords<Integer, Integer> batch = consumer.poll(POLL);
                batch.forEach(p::processed);
                if (!batch.isEmpty()) {
                    consumer.commitAsync();
                }
            }, processor);
        }

        private PollingThread(AutoCloseable consumer, Poller poller, Processor processor) {
            this.consumer = consumer;
            this.poller = poller;
            this.processor = processor;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                while (running) {
                    poller.pollOnce(processor);
                }
            } finally {
                closeQuietly(consumer);
            }
        }

        void finish() {
            running = false;
            joinQuietly(this);
        }
    }

    /**
     * A share consumer polled by a thread of its own; the handler acknowledges a batch and says whether to go on
     * polling. One that says no keeps its records acquired until the consumer is closed at the end.
     */
    static final class ShareThread extends Thread {
        private final KafkaShareConsumer<Integer, Integer> consumer;
        private final Handler handler;
        private final CountDownLatch finished = new CountDownLatch(1);
        private volatile boolean running = true;

        interface Handler {
            boolean handle(KafkaShareConsumer<Integer, Integer> consumer, ConsumerRecords<Integer, Integer> batch);
        }

        ShareThread(KafkaShareConsumer<Integer, Integer> consumer, Handler handler) {
            this.consumer = consumer;
            this.handler = handler;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                while (running) {
                    ConsumerRecords<Integer, Integer> batch = consumer.poll(POLL);
                    if (!batch.isEmpty() && !handler.handle(consumer, batch)) {
                        finished.await();
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                closeQuietly(consumer);
            }
        }

        void finish() {
            running = false;
            finished.countDown();
            joinQuietly(this);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception alreadyClosed) {
            // The failover's closing consumer was closed on purpose before its thread ends.
        }
    }

    private static void joinQuietly(Thread thread) {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
