package io.npuzzle.api.metrics;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.metrics.CacheLookups;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static io.npuzzle.api.inmemory.JobServiceFixture.BOARD_3X3;
import static io.npuzzle.api.inmemory.JobServiceFixture.request;
import static io.npuzzle.api.inmemory.JobServiceFixture.submittedBefore;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The API's job meters, read back from a simple registry. */
class JobMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final JobMetrics metrics = new JobMetrics(registry, new CacheLookups(registry, "api"));

    @Test
    void theTimeFromSubmissionToOutcomeFallsInBucketsFromMillisecondsToAnHour() {
        metrics.finished(submittedBefore(request(BOARD_3X3, 3, 3, Mode.OPTIMAL), Duration.ofSeconds(40)),
                JobStatus.DONE);

        CountAtBucket[] buckets = latency("quick", JobStatus.DONE).takeSnapshot().histogramCounts();
        assertEquals(Duration.ofMillis(5).toNanos(), (long) buckets[0].bucket());
        assertEquals(Duration.ofHours(1).toNanos(), (long) buckets[buckets.length - 1].bucket());
        assertEquals(0, Arrays.stream(buckets).filter(bucket -> bucket.bucket(TimeUnit.SECONDS) == 30)
                .findFirst().orElseThrow().count(), "over thirty seconds");
        assertEquals(1, Arrays.stream(buckets).filter(bucket -> bucket.bucket(TimeUnit.SECONDS) == 60)
                .findFirst().orElseThrow().count(), "within a minute");
    }

    @Test
    void aJobSubmittedOnAReplicaWhoseClockIsAheadIsTimedAsFinishedAtOnce() {
        SolveRequest ahead = submittedBefore(request(BOARD_3X3, 3, 3, Mode.OPTIMAL), Duration.ofMinutes(-1));

        metrics.finished(ahead, JobStatus.CANCELLED);

        Timer latency = latency("quick", JobStatus.CANCELLED);
        assertEquals(1, latency.count(), "counted, not dropped as a negative time");
        assertEquals(0, latency.totalTime(TimeUnit.NANOSECONDS));
    }

    private Timer latency(String lane, JobStatus status) {
        return registry.get("npuzzle.jobs.latency").tags("lane", lane, "status", status.name()).timer();
    }
}
