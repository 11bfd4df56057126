package io.npuzzle.api.jobs;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.core.solve.SolveCost;

import java.time.Duration;

/**
 * How many of a lane's jobs may be published and not yet started: as many as its workers started within the last
 * {@code leadTime}, at least {@code least} and at most {@code most}, so that a job published next waits about the
 * lead time to start, whether the lane's jobs take microseconds or seconds (the store's scripts apply it).
 *
 * @param most     the window of a lane whose workers start jobs as fast as they come
 * @param least    the window of a lane whose workers start few, at most {@code most}
 * @param leadTime how far ahead of its workers, in time, a lane publishes
 */
public record LaneWindow(int most, int least, Duration leadTime) {

    public LaneWindow {
        if (least < 1 || least > most) {
            throw new IllegalArgumentException("a lane's window holds at least one job, and its least window at"
                    + " most its whole window: " + least + ", " + most);
        }
    }

    /** The window of the lane as configured; a least window larger than the lane's window is the window. */
    public static LaneWindow of(ApiConfig.FairShare config, SolveCost lane) {
        int most = switch (lane) {
            case QUICK -> config.quickWindow();
            case HEAVY -> config.heavyWindow();
        };
        return new LaneWindow(most, Math.min(most, config.minWindow()), config.leadTime());
    }
}
