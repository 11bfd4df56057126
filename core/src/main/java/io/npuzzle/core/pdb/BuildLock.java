package io.npuzzle.core.pdb;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The build lock of a database directory: one process at a time, and one thread of it, builds into a directory,
 * so that processes sharing it (the workers of one machine, the pods mounting one volume) never build the same
 * database twice. An operating-system lock on a file, released when its holder exits, however it exits.
 */
final class BuildLock implements AutoCloseable {

    static final String FILE_NAME = "build.lock";
    private static final Duration POLL = Duration.ofMillis(200);

    private final FileChannel channel;
    private final FileLock lock;

    private BuildLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code directory}, waiting while another holds it, unless {@code done} becomes true
     * meanwhile (the holder built what the caller needs): then null. A directory where no lock can be taken (not
     * writable) gives an unlocked holder, so that the caller still builds what it must.
     */
    static BuildLock take(Path directory, BooleanSupplier done) {
        FileChannel channel;
        try {
            Files.createDirectories(directory);
            channel = FileChannel.open(directory.resolve(FILE_NAME), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
        } catch (IOException | UnsupportedOperationException e) {
            return new BuildLock(null, null);
        }
        try {
            while (true) {
                FileLock lock = tryLock(channel);
                if (lock != null) {
                    return new BuildLock(channel, lock);
                }
                if (done.getAsBoolean()) {
                    channel.close();
                    return null;
                }
                Thread.sleep(POLL.toMillis());
            }
        } catch (IOException e) {
            closeQuietly(channel);
            return new BuildLock(null, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closeQuietly(channel);
            throw new IllegalStateException("interrupted while waiting for the build lock of " + directory, e);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null; // held by another thread of this process
        }
    }

    @Override
    public void close() {
        if (channel != null) {
            try {
                lock.release();
            } catch (IOException ignored) {
                // closing the channel releases it too
            }
            closeQuietly(channel);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing held any more
        }
    }
}
