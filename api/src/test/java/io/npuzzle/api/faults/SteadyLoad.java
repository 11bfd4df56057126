package io.npuzzle.api.faults;

import io.npuzzle.api.JobsClient;
import io.npuzzle.api.TestBoards;
import io.npuzzle.protocol.ProblemType;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client submitting distinct solvable boards one after another in the background while a test breaks
 * something, recording how each submission was answered.
 */
final class SteadyLoad implements AutoCloseable {

    private static final int BOARDS_PER_ROUND = 100;

    private final JobsClient api;
    private final Random random;
    private final List<String> accepted = new ArrayList<>();
    private final List<String> unexpected = new ArrayList<>();
    private final AtomicInteger unavailable = new AtomicInteger();
    private final AtomicLong slowestNanos = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    SteadyLoad(JobsClient api, long seed) {
        this.api = api;
        this.random = new Random(seed);
        this.thread = new Thread(this::submit, "steady-load");
        thread.start();
    }

    private void submit() {
        Set<String> used = new HashSet<>();
        while (running) {
            for (String board : TestBoards.distinctSolvable3x3(BOARDS_PER_ROUND, random)) {
                if (running && used.add(board)) {
                    submit(board);
                }
            }
        }
    }

    private void submit(String board) {
        long started = System.nanoTime();
        try {
            HttpResponse<String> answer = api.submit(board);
            if (answer.statusCode() == 200 || answer.statusCode() == 202) {
                synchronized (accepted) {
                    accepted.add(JobsClient.read(answer.body()).get("id").asText());
                }
            } else if (answer.statusCode() == 503
                    && answer.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json")
                    && answer.body().contains(ProblemType.UNAVAILABLE.urn())) {
                unavailable.incrementAndGet();
            } else {
                unexpected(answer.statusCode() + " " + answer.body());
            }
        } catch (RuntimeException e) {
            unexpected(e.toString());
        }
        slowestNanos.accumulateAndGet(System.nanoTime() - started, Math::max);
    }

    private void unexpected(String answer) {
        synchronized (unexpected) {
            unexpected.add(answer.length() > 300 ? answer.substring(0, 300) : answer);
        }
    }

    /** Ids of the jobs accepted so far, in order. */
    List<String> accepted() {
        synchronized (accepted) {
            return List.copyOf(accepted);
        }
    }

    /** Submissions answered with a 503 problem. */
    int unavailable() {
        return unavailable.get();
    }

    /** Answers other than an accepted job or a 503 problem, and requests that got no answer. */
    List<String> unexpected() {
        synchronized (unexpected) {
            return List.copyOf(unexpected);
        }
    }

    Duration slowestAnswer() {
        return Duration.ofNanos(slowestNanos.get());
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(Duration.ofSeconds(60).toMillis());
    }
}
