package io.npuzzle.worker.search;

/** What became of one task record. */
public sealed interface TaskVerdict {

    /** Searched, its result recorded and published. */
    record Searched(boolean solved, long nodes) implements TaskVerdict {
    }

    /** Not searched, or not to the end, because its search has ended: nothing is owed to anyone. */
    record Skipped(String why) implements TaskVerdict {
    }

    /** Not a task any worker could search (a bad record, or one of an iteration its search has left). */
    record Refused(String reason) implements TaskVerdict {
    }

    /** This worker is stopping: left for redelivery to another. */
    record Left() implements TaskVerdict {
    }
}
