package io.npuzzle.worker.solve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The machine's processor time so far, from Linux's {@code /proc/stat}, in clock ticks: all of it, and the part spent
 * on work at normal priority (user, system, interrupts and steal; not idle, waiting for I/O, or niced work such as a
 * background database build).
 */
record ProcessorTimes(long foreground, long total) {

    private static final Path STAT = Path.of("/proc/stat");
    // Columns of the "cpu" line, after its name: user nice system idle iowait irq softirq steal.
    private static final int[] FOREGROUND = {0, 2, 5, 6, 7};

    /** The machine's times now; empty where there is no {@code /proc/stat} to read. */
    static Optional<ProcessorTimes> read() {
        try {
            return Optional.of(parse(Files.readAllLines(STAT).get(0)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The times of {@code /proc/stat}'s first line, the sum over every processor. */
    static ProcessorTimes parse(String cpuLine) {
        String[] columns = cpuLine.trim().split("\\s+");
        if (!columns[0].equals("cpu") || columns.length < 9) {
            throw new IllegalArgumentException("not the cpu line of /proc/stat: " + cpuLine);
        }
        long total = 0;
        for (int i = 1; i <= 8; i++) {
            total += Long.parseLong(columns[i]);
        }
        long foreground = 0;
        for (int column : FOREGROUND) {
            foreground += Long.parseLong(columns[1 + column]);
        }
        return new ProcessorTimes(foreground, total);
    }

    /** The share of the processors' time since {@code earlier} spent on work at normal priority: 0 to 1. */
    double foregroundShareSince(ProcessorTimes earlier) {
        long elapsed = total - earlier.total;
        return elapsed <= 0 ? 0 : (double) (foreground - earlier.foreground) / elapsed;
    }
}
