package io.npuzzle.core.fast;

import io.npuzzle.core.board.Shape;

/**
 * How a FAST answer's time is cut into rounds, each a reduction of the whole board with keys of its own. The
 * first second (or the whole time, when shorter) is one round, or two of half of it on boards that several beams
 * reduce in turn: two answers with different keys are shorter than one from beams twice as wide
 * ({@code bench/fast --states 20 --millis 1000 --korf 0 --boards 10 6 7 8}). The second of them takes what the
 * first left of the first second, when that is at least half its share. Then, on boards that beams place, while
 * the rounds' share of the time left is not spent, each round takes twice the time of the first, then of the one
 * before, or all the time left when the next would not fit; wider beams come with the time. Boards that no beam
 * places have one round of all the time, which the searches that finish them spend on lower weights. No round
 * ends past the schedule's deadline: one that starts late is cut short there. Not thread-safe: one schedule serves
 * one answer.
 */
final class RoundSchedule {

    /** The least time worth another round: a 6x6 beam as wide as a one-second answer's takes about this. */
    private static final long MIN_ROUND_MILLIS = 400;
    /**
     * The share of the time left after the first rounds that further rounds take, leaving the rest to shortening
     * by longer windows (chosen by {@code bench/fast --millis 30000 6 7}).
     */
    private static final double ROUNDS_SHARE = 0.7;

    /** A round: its index, which seeds its beams' keys, and its time. */
    record Round(int index, long millis) {
    }

    private final long startNanos;
    private final long deadlineNanos;
    private final boolean byBeams;
    private final int firstRounds;
    private final long firstMillis;
    private long lastMillis;
    private long roundsEndNanos = -1;
    private int taken;

    /**
     * A schedule for an answer on a board of {@code shape} whose rounds end within {@code givenMillis} of
     * {@code startNanos}.
     */
    RoundSchedule(long startNanos, long givenMillis, Shape shape) {
        long given = Math.max(0, givenMillis);
        this.startNanos = startNanos;
        this.deadlineNanos = startNanos + given * 1_000_000L;
        this.byBeams = ReductionSolver.placesByBeams(shape);
        long firstSecond = byBeams ? Math.min(given, ReductionOptions.ANSWER_TIME.toMillis()) : given;
        firstRounds = byBeams && !ReductionSolver.placesInOneBeam(shape) && firstSecond >= 2 * MIN_ROUND_MILLIS
                ? 2 : 1;
        firstMillis = firstSecond / firstRounds;
        lastMillis = firstMillis;
    }

    /**
     * The next round when it starts at {@code nowNanos}, or null when no round is left; the first round is never
     * null, though it may have no time left.
     */
    Round next(long nowNanos) {
        int index = taken++;
        if (index == 0) {
            return new Round(0, Math.max(0, Math.min(firstMillis, (deadlineNanos - nowNanos) / 1_000_000L)));
        }
        if (!byBeams) {
            return null;
        }
        if (index < firstRounds) {
            long millis = (index + 1) * firstMillis - (nowNanos - startNanos) / 1_000_000L;
            if (millis >= firstMillis / 2) {
                return new Round(index, millis);
            }
            index = taken++;
        }
        if (roundsEndNanos < 0) {
            roundsEndNanos = nowNanos + (long) (ROUNDS_SHARE * (deadlineNanos - nowNanos));
        }
        long left = (roundsEndNanos - nowNanos) / 1_000_000L;
        if (left < MIN_ROUND_MILLIS) {
            return null;
        }
        lastMillis = Math.min(left, 2 * lastMillis);
        if (left - lastMillis < 2 * lastMillis) {
            lastMillis = left;
        }
        return new Round(index, lastMillis);
    }

    /** When the answer's time ends, in {@link System#nanoTime()}'s terms. */
    long deadlineNanos() {
        return deadlineNanos;
    }

    /** Whether enough time is left at {@code nowNanos} to shorten the answer by longer windows. */
    boolean leavesTimeToShorten(long nowNanos) {
        return deadlineNanos - nowNanos > MIN_ROUND_MILLIS * 1_000_000L;
    }
}
