package io.npuzzle.deploy.local;

import io.npuzzle.deploy.LogicalLines;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.app.AppModule;
import io.npuzzle.deploy.app.JavaOptions;
import io.npuzzle.protocol.Topics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bin/run, the whole service on one machine, creates the apps' topics and starts them as the images do. */
class BinRunTest {

    private static final List<String> SCRIPT = LogicalLines.of(Repository.read("bin/run"));
    private static final List<String> LIB = LogicalLines.of(Repository.read("bin/lib.sh"));
    private static final Pattern TOPICS = Pattern.compile("TOPICS=\\(([^)]*)\\)");

    @Test
    void createsExactlyTheAppsTopics() {
        Set<String> created = new TreeSet<>();
        SCRIPT.stream().map(TOPICS::matcher).filter(Matcher::matches)
                .forEach(topics -> created.addAll(List.of(topics.group(1).trim().split("\\s+"))));
        Set<String> used = new TreeSet<>();
        for (String module : Repository.APPS) {
            AppModule app = AppModule.of(module);
            Stream.of("incoming", "outgoing").forEach(direction -> used.addAll(app.topics(direction).values()));
        }
        // The broker would create a missing topic on first use, but with its default partitions, not these.
        assertEquals(used, created, "TOPICS in bin/run are the apps' topics");
    }

    /** The heavy lane's share group gives a partition to every member only while the members outnumber them. */
    @Test
    void createsTheHeavyRequestsTopicWithThePartitionsEveryWorkerShares() {
        assertTrue(SCRIPT.contains("HEAVY_TOPIC=" + Topics.HEAVY_REQUESTS), "HEAVY_TOPIC names the heavy lane's");
        assertTrue(SCRIPT.contains("HEAVY_PARTITIONS=" + Topics.HEAVY_REQUESTS_PARTITIONS),
                "HEAVY_PARTITIONS=" + Topics.HEAVY_REQUESTS_PARTITIONS);
    }

    /**
     * The single node holds Kafka's internal topics alone, the share groups' state topic too, and a store kept from
     * an older Kafka gets share groups turned on.
     */
    @Test
    void theBrokerIsReadyForShareGroups() {
        for (String setting : List.of("offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1", "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1", "share.coordinator.state.topic.min.isr=1")) {
            assertTrue(LIB.contains(setting), "npuzzle_kafka_config writes " + setting);
        }
        assertTrue(SCRIPT.stream().anyMatch(line -> line.contains("org.apache.kafka.tools.FeatureCommand ")
                && line.contains(" upgrade --feature share.version=1)")), "bin/run turns share groups on");
    }

    /** The apps' JVMs start in launch_service; the broker's (kafka_java) is not one of them. */
    @Test
    void appJvmsExitWhenOutOfMemory() {
        List<String> java = launchService().stream().filter(line -> line.startsWith("java ")).toList();
        assertEquals(1, java.size(), "launch_service starts one java command: " + java);
        assertTrue(JavaOptions.exitOnOutOfMemory(java.get(0)),
                "launch_service's java command turns on " + JavaOptions.EXIT_ON_OUT_OF_MEMORY + ": " + java.get(0));
    }

    /** NPUZZLE_WORKER_HEAP, else what the machine's memory affords each worker (at least 512m). */
    @Test
    void workersTakeTheirHeapFromNpuzzleWorkerHeap() {
        assertTrue(SCRIPT.contains("worker_heap=\"${NPUZZLE_WORKER_HEAP:-$(derived_worker_heap)}\""),
                "the heap is NPUZZLE_WORKER_HEAP, else derived");
        assertTrue(SCRIPT.contains("echo \"$(( heap_mib < 512 ? 512 : heap_mib ))m\""), "at least 512m");
        assertTrue(SCRIPT.stream().anyMatch(line -> line.startsWith("launch_service \"worker-$1\" \"$worker_heap\" ")),
                "each worker is started with that heap");
        String java = launchService().stream().filter(line -> line.startsWith("java ")).findFirst().orElseThrow();
        assertTrue(java.startsWith("java -Xmx\"$heap\" "), "launch_service passes the heap it is given: " + java);
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void eachAppStartsThroughLaunchService(String module) {
        String jar = "/" + module + "/target/quarkus-app/quarkus-run.jar";
        assertTrue(SCRIPT.stream().anyMatch(line -> line.startsWith("launch_service ") && line.contains(jar)),
                module + " is started by launch_service, with the options every app gets");
    }

    /** Workers take the solver's JVM options, the parallel collector among them; the API only the huge pages. */
    @Test
    void workersRunWithTheSolversJvmOptions() {
        String worker = body("launch_worker() {").get(0);
        assertTrue(worker.startsWith("launch_service \"worker-$1\"") && worker.contains(" $NPUZZLE_JVM_OPTIONS "),
                worker);
        assertTrue(LIB.stream().anyMatch(line -> line.startsWith("NPUZZLE_JVM_OPTIONS=\"-XX:+UseParallelGC ")));
        assertTrue(body("launch_api() {").get(0).contains(" $NPUZZLE_HUGE_PAGES "));
    }

    /** Jobs survive a restart of bin/run and are never evicted; cached answers may be. */
    @Test
    void theJobStoreKeepsAnAppendOnlyFileAndNeverEvictsWhileTheCacheEvictsLeastRecentlyUsed() {
        List<String> servers = SCRIPT.stream().filter(line -> line.startsWith("setsid redis-server ")).toList();
        assertEquals(2, servers.size(), "a job store and a cache: " + servers);
        String jobs = servers.get(0);
        String cache = servers.get(1);
        assertTrue(jobs.contains("--appendonly yes") && jobs.contains("--dir \"$RUN/redis\""), jobs);
        assertTrue(jobs.contains("--maxmemory ") && jobs.contains("--maxmemory-policy noeviction"), jobs);
        assertTrue(cache.contains("--maxmemory ") && cache.contains("--maxmemory-policy allkeys-lru"), cache);
        String java = launchService().stream().filter(line -> line.startsWith("java ")).findFirst().orElseThrow();
        assertTrue(java.contains("-Dquarkus.redis.hosts=") && java.contains("-Dquarkus.redis.cache.hosts="), java);
    }

    /**
     * Ctrl-C reaches the terminal's process group: the broker and Redis are started out of it, so that they stop
     * only after the apps, which leave their consumer groups on the way out, as they only can while the broker runs.
     */
    @Test
    void theBrokerAndRedisRunOutOfTheTerminalsProcessGroupAndStopAfterTheApps() {
        assertTrue(SCRIPT.stream().anyMatch(line -> line.startsWith("setsid \"${KAFKA_JAVA[@]}\" kafka.Kafka ")),
                "the broker is started with setsid");
        assertEquals(2, SCRIPT.stream().filter(line -> line.startsWith("setsid redis-server ")).count(),
                "both Redis servers are started with setsid");
        List<String> stops = body("stop_in_order() {");
        assertEquals(List.of("stop_processes \"$APP_STOP_SECONDS\" \"$PIDS\"/app-*",
                "stop_processes \"$INFRA_STOP_SECONDS\" \"$PIDS\"/kafka",
                "stop_processes \"$INFRA_STOP_SECONDS\" \"$PIDS\"/redis*"), stops, "apps, then the broker, then Redis");
        assertTrue(SCRIPT.stream().filter(line -> line.startsWith("started \"app-")).count() >= 1
                        && SCRIPT.contains("started app-api api launch_api"), "each app's pid is kept under app-*");
        List<String> main = SCRIPT.subList(SCRIPT.indexOf("build_services"), SCRIPT.size());
        assertTrue(main.indexOf("stop_leftovers") >= 0 && main.indexOf("stop_leftovers") < main.indexOf("start_redis"),
                "what an earlier run left running is stopped before anything starts");
    }

    /** A process that dies is started again, after a back-off, by the command it was recorded with. */
    @Test
    void aProcessThatDiesIsStartedAgainAfterABackOffWhileTheOthersRunOn() {
        List<String> supervise = body("supervise() {");
        assertTrue(supervise.contains("wait -n -p exited \"${pid_of[@]}\" || status=$?"), "it waits for any process");
        assertTrue(supervise.contains("${relaunch[$name]}"), "it starts the one that stopped again");
        assertTrue(supervise.contains("[ \"$delay\" -le 30 ] || delay=30"), "the back-off is at most 30 s");
        assertEquals("supervise", SCRIPT.get(SCRIPT.size() - 1), "bin/run ends watching what it started");
        for (String launch : List.of("launch_redis", "launch_redis_cache", "launch_kafka", "launch_worker \"$1\"",
                "launch_api")) {
            assertTrue(SCRIPT.stream().anyMatch(line -> line.startsWith("started ") && line.endsWith(" " + launch)),
                    "what " + launch + " starts is recorded with it");
        }
    }

    /** The body of a shell function, line by line. */
    private static List<String> body(String opening) {
        int start = SCRIPT.indexOf(opening);
        assertTrue(start >= 0, "bin/run defines " + opening);
        int end = SCRIPT.subList(start, SCRIPT.size()).indexOf("}");
        assertTrue(end > 0, opening + " ends with a line of its own: }");
        return SCRIPT.subList(start + 1, start + end);
    }

    /** The body of the shell function launch_service, line by line. */
    private static List<String> launchService() {
        return body("launch_service() {");
    }
}
