package io.npuzzle.deploy.local;

import io.npuzzle.deploy.LogicalLines;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.app.AppModule;
import io.npuzzle.deploy.app.JavaOptions;
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

    /** The apps' JVMs start in start_service; the broker's (kafka_java) is not one of them. */
    @Test
    void appJvmsExitWhenOutOfMemory() {
        List<String> java = startService().stream().filter(line -> line.startsWith("java ")).toList();
        assertEquals(1, java.size(), "start_service starts one java command: " + java);
        assertTrue(JavaOptions.exitOnOutOfMemory(java.get(0)),
                "start_service's java command turns on " + JavaOptions.EXIT_ON_OUT_OF_MEMORY + ": " + java.get(0));
    }

    /** 512m unless NPUZZLE_WORKER_HEAP says more: the heap the API tests give a worker run as bin/run runs it. */
    @Test
    void workersTakeTheirHeapFromNpuzzleWorkerHeap() {
        assertTrue(SCRIPT.contains("worker_heap=\"${NPUZZLE_WORKER_HEAP:-512m}\""), "the default heap is 512m");
        assertTrue(SCRIPT.stream().anyMatch(line -> line.startsWith("start_service \"worker-$n\" \"$worker_heap\" ")),
                "each worker is started with that heap");
        String java = startService().stream().filter(line -> line.startsWith("java ")).findFirst().orElseThrow();
        assertTrue(java.startsWith("java -Xmx\"$heap\" "), "start_service passes the heap it is given: " + java);
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void eachAppStartsThroughStartService(String module) {
        String jar = "/" + module + "/target/quarkus-app/quarkus-run.jar";
        assertTrue(SCRIPT.stream().anyMatch(line -> line.startsWith("start_service ") && line.contains(jar)),
                module + " is started by start_service, with the options every app gets");
    }

    /** Jobs survive a restart of bin/run and are never evicted; cached answers may be. */
    @Test
    void theJobStoreKeepsAnAppendOnlyFileAndNeverEvictsWhileTheCacheEvictsLeastRecentlyUsed() {
        List<String> servers = SCRIPT.stream().filter(line -> line.startsWith("redis-server ")).toList();
        assertEquals(2, servers.size(), "a job store and a cache: " + servers);
        String jobs = servers.get(0);
        String cache = servers.get(1);
        assertTrue(jobs.contains("--appendonly yes") && jobs.contains("--dir \"$RUN/redis\""), jobs);
        assertTrue(jobs.contains("--maxmemory ") && jobs.contains("--maxmemory-policy noeviction"), jobs);
        assertTrue(cache.contains("--maxmemory ") && cache.contains("--maxmemory-policy allkeys-lru"), cache);
        String java = startService().stream().filter(line -> line.startsWith("java ")).findFirst().orElseThrow();
        assertTrue(java.contains("-Dquarkus.redis.hosts=") && java.contains("-Dquarkus.redis.cache.hosts="), java);
    }

    /** The body of the shell function start_service, line by line. */
    private static List<String> startService() {
        int start = SCRIPT.indexOf("start_service() {");
        assertTrue(start >= 0, "bin/run defines start_service");
        int end = SCRIPT.subList(start, SCRIPT.size()).indexOf("}");
        assertTrue(end > 0, "start_service ends with a line of its own: }");
        return SCRIPT.subList(start + 1, start + end);
    }
}
