package io.npuzzle.testsupport;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
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
 * A client submitting distinct solvable 3x3 boards one after another in the background, so that every job needs a
 * solve of its own, while a test breaks something; it records how each submission was answered: an accepted job,
 * a 503 problem saying the service is unavailable, or anything else ({@link #unexpected()}).
 */
public final class SteadyLoad implements AutoCloseable {

    private static final Shape SHAPE = Shape.of(3, 3);

    private final JobsClient api;
    private final Random random;
    private final int most;
    private final List<String> accepted = new ArrayList<>();
    private final List<String> unexpected = new ArrayList<>();
    private final AtomicInteger unavailable = new AtomicInteger();
    private final AtomicLong slowestNanos = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    /** Starts submitting, until closed. */
    public SteadyLoad(JobsClient api, long seed) {
        this(api, seed, Integer.MAX_VALUE);
    }

    /** Starts submitting, at most {@code most} boards, until closed. */
    public SteadyLoad(JobsClient api, long seed, int most) {
        this.api = api;
        this.random = new Random(seed);
        this.most = most;
        this.thread = new Thread(this::submitAll, "steady-load");
        thread.start();
    }

    private void submitAll() {
        Set<String> used = new HashSet<>();
        Board goal = Board.solved(SHAPE);
        int submitted = 0;
        while (running && submitted < most) {
            Puzzle puzzle = new Puzzle(RandomBoards.shuffled(SHAPE, random), goal);
            String board = puzzle.start().toString();
            if (puzzle.isSolvable() && !puzzle.isSolved() && used.add(board)) {
                submit(board);
                submitted++;
            }
        }
    }

    private void submit(String board) {
        long started = System.nanoTime();
        try {
            HttpResponse<String> answer = api.submitBoard(board);
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
    public List<String> accepted() {
        synchronized (accepted) {
            return List.copyOf(accepted);
        }
    }

    /** Submissions answered with a 503 problem saying the service is unavailable. */
    public int unavailable() {
        return unavailable.get();
    }

    /** Answers other than an accepted job or a 503 problem, and requests that got no answer. */
    public List<String> unexpected() {
        synchronized (unexpected) {
            return List.copyOf(unexpected);
        }
    }

    /** The longest a submission has waited for its answer so far. */
    public Duration slowestAnswer() {
        return Duration.ofNanos(slowestNanos.get());
    }

    /** Stops submitting, waiting for the submission in flight. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(Duration.ofSeconds(60).toMillis());
    }
}
