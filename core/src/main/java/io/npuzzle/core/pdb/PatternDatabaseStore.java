package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * Database files in one directory. A file is a fixed header (magic, format version, shape, pattern cells,
 * entry count, CRC-32 of the entries) followed by the packed four-bit entries; format 2 names the cells of boards
 * up to 32 cells by an int, format 3 those of larger boards by a long, so stores made before larger boards had
 * databases keep serving; anything that does not match exactly is
 * treated as absent, so the caller rebuilds it. Files are written to a temporary name and renamed into
 * place, so a concurrent reader sees either no file or a whole one.
 */
public final class PatternDatabaseStore {

    static final int FORMAT_VERSION = 2;
    static final int WIDE_FORMAT_VERSION = 3;
    private static final long MAGIC = 0x4E50_555A_5044_4231L; // "NPUZPDB1"
    /**
     * Bytes of a table read or written at a time. A heap buffer is copied through a temporary direct buffer of its
     * size, which for a whole table the JDK allocates and touches afresh: a megabyte at a time reads a large table
     * many times faster than all at once (the database load times of {@code bench/korf}).
     */
    private static final int CHUNK_BYTES = 1 << 20;
    private static final System.Logger LOG = System.getLogger(PatternDatabaseStore.class.getName());

    private final Path directory;

    public PatternDatabaseStore(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    public Path fileFor(Pattern pattern) {
        return directory.resolve("pdb-v" + formatOf(pattern) + "-" + pattern.key() + ".bin");
    }

    private static int formatOf(Pattern pattern) {
        return pattern.shape().size() <= Pattern.NARROW_CELLS ? FORMAT_VERSION : WIDE_FORMAT_VERSION;
    }

    /** Magic, version, rows, columns, cells (an int or a long), entries, checksum. */
    private static int headerBytes(int format) {
        return 8 + 5 * 4 + (format == FORMAT_VERSION ? Integer.BYTES : Long.BYTES);
    }

    /** Whether a file for the pattern exists (it may still fail to load). */
    public boolean contains(Pattern pattern) {
        return Files.isRegularFile(fileFor(pattern));
    }

    /** The stored database, or null when the file is missing or does not match the pattern exactly. */
    public PatternDatabase load(Pattern pattern) {
        Path file = fileFor(pattern);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            int entries = pattern.entries();
            int format = formatOf(pattern);
            long expected = headerBytes(format) + (long) PatternDatabase.bytesFor(entries);
            if (channel.size() != expected) {
                return rejected(file, "size " + channel.size() + ", expected " + expected);
            }
            ByteBuffer header = ByteBuffer.allocate(headerBytes(format));
            readFully(channel, header);
            header.flip();
            if (header.getLong() != MAGIC || header.getInt() != format) {
                return rejected(file, "not a database of format version " + format);
            }
            Shape shape = pattern.shape();
            if (header.getInt() != shape.rows() || header.getInt() != shape.cols()
                    || (format == FORMAT_VERSION ? header.getInt() : header.getLong()) != pattern.cellMask()
                    || header.getInt() != entries) {
                return rejected(file, "header names another pattern");
            }
            int checksum = header.getInt();
            byte[] table = new byte[PatternDatabase.bytesFor(entries)];
            readFully(channel, table);
            if (checksum != crc(table)) {
                return rejected(file, "checksum mismatch");
            }
            return new PatternDatabase(pattern, table);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return rejected(file, e.toString());
        }
    }

    /** Writes the database under its file name, atomically replacing any older file. */
    public void save(PatternDatabase database) throws IOException {
        Pattern pattern = database.pattern();
        byte[] table = database.packed();
        Files.createDirectories(directory);
        Path target = fileFor(pattern);
        Path temporary = Files.createTempFile(directory, target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                int format = formatOf(pattern);
                ByteBuffer header = ByteBuffer.allocate(headerBytes(format)).putLong(MAGIC).putInt(format)
                        .putInt(pattern.shape().rows()).putInt(pattern.shape().cols());
                if (format == FORMAT_VERSION) {
                    header.putInt((int) pattern.cellMask());
                } else {
                    header.putLong(pattern.cellMask());
                }
                header.putInt(pattern.entries()).putInt(crc(table));
                header.flip();
                writeFully(channel, header);
                writeFully(channel, table);
                channel.force(true);
            }
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static PatternDatabase rejected(Path file, String reason) {
        LOG.log(System.Logger.Level.WARNING, "ignoring pattern database {0}: {1}; it will be rebuilt", file, reason);
        return null;
    }

    private static int crc(byte[] table) {
        CRC32 crc = new CRC32();
        crc.update(table);
        return (int) crc.getValue();
    }

    private static void readFully(FileChannel channel, byte[] table) throws IOException {
        for (int offset = 0; offset < table.length; offset += CHUNK_BYTES) {
            readFully(channel, ByteBuffer.wrap(table, offset, Math.min(CHUNK_BYTES, table.length - offset)));
        }
    }

    private static void writeFully(FileChannel channel, byte[] table) throws IOException {
        for (int offset = 0; offset < table.length; offset += CHUNK_BYTES) {
            writeFully(channel, ByteBuffer.wrap(table, offset, Math.min(CHUNK_BYTES, table.length - offset)));
        }
    }

    private static void readFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                throw new IOException("unexpected end of file");
            }
        }
    }

    private static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }
}
