package io.npuzzle.deploy.app;

import java.time.Duration;

/** The longest an app may need, once told to stop, to finish the work it holds, from its own settings. */
public final class ShutdownWork {

    private ShutdownWork() {
    }

    public static Duration of(AppRun run) {
        AppModule app = run.app();
        return switch (app.module()) {
            // A long poll is held at most this long before it is answered.
            case "api" -> Durations.quarkus(app.require("npuzzle.api.max-wait", run.env()));
            case "worker" -> workerDrain(run);
            default -> throw new AssertionError("no shutdown bound known for " + app.module());
        };
    }

    /**
     * Every job the worker holds finishes, quick and heavy ones side by side on slots of their own: the longer of
     * the two lanes. A job cut short is redelivered, and each delivery counts towards the job's limit, so a stop
     * must not cut heavy jobs either.
     */
    private static Duration workerDrain(AppRun run) {
        return max(quickDrain(run), heavyDrain(run));
    }

    /**
     * Quick jobs run {@code concurrency} at a time, each within the solve budget. Without a CPU count or a
     * configured concurrency, one at a time is the safe assumption.
     */
    private static Duration quickDrain(AppRun run) {
        AppModule app = run.app();
        int inFlight = Integer.parseInt(app.require("npuzzle.worker.in-flight", run.env()));
        int concurrency = app.value("npuzzle.worker.concurrency", run.env()).map(Integer::parseInt)
                .orElse(run.cpus().orElse(1));
        Duration budget = Durations.quarkus(app.require("npuzzle.worker.solve.max-time", run.env()));
        long waves = (inFlight + concurrency - 1) / concurrency;
        return budget.multipliedBy(waves);
    }

    /** Heavy jobs wait in Kafka, not in the worker: it holds only those it solves, one round of the heavy budget. */
    private static Duration heavyDrain(AppRun run) {
        return Durations.quarkus(run.app().require("npuzzle.worker.heavy.max-time", run.env()));
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
