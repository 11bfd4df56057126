package io.npuzzle.containers;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A client submitting distinct solvable 3x3 boards one after another in the background, so that every job needs
 * a solve of its own, while a test breaks something; it records how each submission was answered.
 */
final class Submissions implements AutoCloseable {

    private final JobsClient api;
    private final Random random;
    private final int most;
    private final List<String> accepted = new ArrayList<>();
    private final List<String> unexpected = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    /** Starts submitting, at most {@code most} boards, until closed. */
    Submissions(JobsClient api, long seed, int most) {
        this.api = api;
        this.random = new Random(seed);
        this.most = most;
        this.thread = new Thread(this::submitAll, "submissions");
        thread.start();
    }

    private void submitAll() {
        Set<String> used = new HashSet<>();
        Shape shape = Shape.of(3, 3);
        int submitted = 0;
        while (running && submitted < most) {
            Puzzle puzzle = new Puzzle(RandomBoards.shuffled(shape, random), Board.solved(shape));
            String board = puzzle.start().toString();
            if (puzzle.isSolvable() && !puzzle.isSolved() && used.add(board)) {
                submit(board);
                submitted++;
            }
        }
    }

    private void submit(String board) {
        try {
            HttpResponse<String> answer = api.submit(JobsClient.body(board, null, null));
            if (answer.statusCode() == 202 || answer.statusCode() == 200) {
                synchronized (accepted) {
                    accepted.add(JobsClient.read(answer.body()).get("id").asText());
                }
            } else {
                unexpected(answer.statusCode() + " " + answer.body());
            }
        } catch (RuntimeException e) {
            unexpected(e.toString());
        }
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

    /** Answers other than an accepted job, and requests that got no answer. */
    List<String> unexpected() {
        synchronized (unexpected) {
            return List.copyOf(unexpected);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(Duration.ofSeconds(60).toMillis());
    }
}
