package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class PatternDatabaseStoreTest {

    private static final Pattern PATTERN = new Pattern(Shape.of(4, 4), 0b0000_0000_0000_1110);
    private static final PatternDatabase DATABASE = new PatternDatabaseBuilder(1).build(PATTERN);

    @TempDir
    Path directory;

    @Test
    void savesAndLoadsTheSameEntriesLeavingNoTemporaryFile() throws IOException {
        PatternDatabaseStore store = new PatternDatabaseStore(directory.resolve("nested"));
        assertNull(store.load(PATTERN));
        store.save(DATABASE);
        PatternDatabase loaded = store.load(PATTERN);
        assertNotNull(loaded);
        assertArrayEquals(DATABASE.packed(), loaded.packed());
        try (Stream<Path> files = Files.list(store.directory())) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void aTableOfManyMegabytesComesBackByteForByte() throws IOException {
        Pattern fiveTiles = new Pattern(Shape.of(5, 5), 0b11111);
        byte[] packed = new byte[PatternDatabase.bytesFor(fiveTiles.entries())]; // 3.2 MB: read and written in parts
        new Random(5).nextBytes(packed);
        PatternDatabaseStore store = new PatternDatabaseStore(directory);
        store.save(new PatternDatabase(fiveTiles, packed));
        assertArrayEquals(packed, store.load(fiveTiles).packed());
    }

    @Test
    void aPatternOfABoardPastThirtyTwoCellsIsStoredWithItsLongCellMask() throws IOException {
        Pattern corner = new Pattern(Shape.of(8, 8), 1L << 63 | 1L << 54);
        PatternDatabase database = new PatternDatabaseBuilder(2).build(corner);
        PatternDatabaseStore store = new PatternDatabaseStore(directory);
        store.save(database);
        assertEquals("pdb-v3-8x8-8040000000000000.bin", store.fileFor(corner).getFileName().toString());
        assertArrayEquals(database.packed(), store.load(corner).packed());
        assertNull(store.load(new Pattern(Shape.of(8, 8), 1L << 62 | 1L << 54)), "another pattern's file is absent");
    }

    @Test
    void rejectsAFlippedByteATruncatedFileAndAnotherFormatVersion() throws IOException {
        PatternDatabaseStore store = new PatternDatabaseStore(directory);
        Path file = store.fileFor(PATTERN);

        store.save(DATABASE);
        overwrite(file, Files.size(file) - 7, (byte) (DATABASE.packed()[DATABASE.packed().length - 7] + 1));
        assertNull(store.load(PATTERN), "checksum");

        store.save(DATABASE);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(raf.length() - 1);
        }
        assertNull(store.load(PATTERN), "size");

        store.save(DATABASE);
        overwrite(file, 11, (byte) (PatternDatabaseStore.FORMAT_VERSION + 1));
        assertNull(store.load(PATTERN), "version");

        store.save(DATABASE);
        assertNotNull(store.load(PATTERN));
    }

    @Test
    void aCorruptFileIsRebuiltAndReplaced() throws IOException {
        PatternDatabaseStore store = new PatternDatabaseStore(directory);
        store.save(DATABASE);
        overwrite(store.fileFor(PATTERN), 100, (byte) 99);
        assertNull(store.load(PATTERN));
        PatternDatabases databases = new PatternDatabases(store, new PatternDatabaseBuilder(1), DatabaseSet.STANDARD);
        PatternDatabase rebuilt = databases.get(PATTERN);
        assertArrayEquals(DATABASE.packed(), rebuilt.packed());
        assertArrayEquals(DATABASE.packed(), store.load(PATTERN).packed(), "the file was replaced");
        assertSame(rebuilt, databases.get(PATTERN), "kept in memory after the first use");
    }

    private static void overwrite(Path file, long offset, byte value) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            raf.write(value);
        }
    }
}
