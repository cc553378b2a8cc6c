package dev.tdw.model.output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AtomicFilesTest {
    @TempDir Path tmp;

    @Test
    void aLinkPlantedAtTheTargetIsReplacedNotWrittenThrough() throws Exception {
        Path victim = Files.writeString(tmp.resolve("manifest-rank0.json"), "precious");
        Path target = Files.createSymbolicLink(tmp.resolve("replay.json"), victim);
        AtomicFiles.writeString(target, "{\"ok\": true}");
        assertEquals("precious", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(target));
        assertEquals("{\"ok\": true}", Files.readString(target));
    }

    @Test
    void theNewFileIsReadableByOthersAsTheUmaskSaysNotPrivate() throws Exception {
        Path plain = Files.writeString(tmp.resolve("plain"), "x"); // created with the process umask
        Path ours = tmp.resolve("ours");
        AtomicFiles.writeString(ours, "y");
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        assertEquals(expected, Files.getPosixFilePermissions(ours));
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporary() throws Exception {
        Path target = Files.writeString(tmp.resolve("reference.pt"), "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(target, channel -> {
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(target));
        try (var files = Files.list(tmp)) {
            assertEquals(1, files.count(), "the temporary file is gone");
        }
        Path dir = Files.createDirectory(tmp.resolve("dir"));
        IOException e = assertThrows(OutputFolderException.class, () -> AtomicFiles.writeString(dir, "x"));
        assertEquals(dir + ": not a regular file (a directory); not replaced", e.getMessage());
    }

    /** A real ENOSPC, as the kernel reports it for a full disk (or one without inodes): a write to /dev/full. */
    static void writeToAFullDisk(FileChannel ignored) throws IOException {
        try (FileChannel full = FileChannel.open(Path.of("/dev/full"), StandardOpenOption.WRITE)) {
            full.write(ByteBuffer.wrap(new byte[4096]));
        }
    }

    @Test
    void aSetRenamesNoFileBeforeEveryOneIsWrittenAndSaysTheCause() throws Exception {
        Path json = Files.writeString(tmp.resolve("report.json"), "old");
        Path png = tmp.resolve("report-chart.png"), html = tmp.resolve("report.html");
        Map<Path, AtomicFiles.Content> set = new LinkedHashMap<>();
        set.put(json, AtomicFiles.text("new"));
        set.put(png, AtomicFiles.bytes(new byte[] {1, 2}));
        set.put(html, AtomicFilesTest::writeToAFullDisk);
        OutputWriteException e = assertThrows(OutputWriteException.class, () -> AtomicFiles.writeAll(set));
        assertEquals(html + ": cannot write (no space left on device)", e.getMessage());
        assertEquals("old", Files.readString(json));
        assertEquals(List.of("report.json"), names(tmp), "no file of the set and no temporary one");
    }

    @Test
    void runningOutOfMemoryWhileTheContentIsMadeIsAFailedWrite() throws Exception {
        Path page = tmp.resolve("report.html");
        OutputWriteException e = assertThrows(OutputWriteException.class, () -> AtomicFiles.write(page, channel -> {
            throw new OutOfMemoryError("Java heap space");
        }));
        assertTrue(e.getMessage().startsWith(page + ": cannot write (out of memory; raise the Java heap with TDW_JAVA_OPTS"), e.getMessage());
        assertEquals(List.of(), names(tmp));
    }

    @Test
    void aDeviceOrFifoIsNeverReplacedNorWrittenInto() throws Exception {
        Path fifo = tmp.resolve("page.html");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path json = tmp.resolve("page.json");
        Map<Path, AtomicFiles.Content> set = new LinkedHashMap<>();
        set.put(json, AtomicFiles.text("{}"));
        set.put(fifo, AtomicFiles.text("<html>"));
        OutputFolderException e = assertThrows(OutputFolderException.class, () -> AtomicFiles.writeAll(set));
        assertEquals(fifo + ": not a regular file (a FIFO, socket or device); not replaced", e.getMessage());
        assertTrue(Files.readAttributes(fifo, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther(), "still the FIFO");
        assertFalse(Files.exists(json), "refused before anything was written");
        assertEquals(Optional.of("not a regular file (a FIFO, socket or device)"), OutputFolderPolicy.fileRefusal(Path.of("/dev/full")));
    }

    static final Set<String> SET = Set.of("a.txt", "b.txt", "index.txt");

    /** A result set whose index names what its files hold, written by {@code writer}. */
    private static void fillSet(Path dir, String writer) throws IOException {
        AtomicFiles.writeString(dir.resolve("a.txt"), writer + "-a");
        AtomicFiles.writeString(dir.resolve("b.txt"), writer + "-b");
        AtomicFiles.writeString(dir.resolve("index.txt"), writer);
    }

    @Test
    void aFolderSetIsPublishedWholeAndAFailureLeavesTheOldSet() throws Exception {
        Path out = tmp.resolve("out");
        assertEquals(out, AtomicFiles.replaceFolder(out, SET, dir -> fillSet(dir, "first")));
        assertEquals("first-a", Files.readString(out.resolve("a.txt")));
        OutputWriteException e = assertThrows(OutputWriteException.class, () -> AtomicFiles.replaceFolder(out, SET, dir -> {
            AtomicFiles.writeString(dir.resolve("a.txt"), "second-a");
            AtomicFiles.write(dir.resolve("b.txt"), AtomicFilesTest::writeToAFullDisk);
        }));
        assertEquals(out.resolve("b.txt") + ": cannot write (no space left on device)", e.getMessage(), "names the file of the set, not the private folder");
        assertEquals("first-a", Files.readString(out.resolve("a.txt")), "the old set stays whole");
        assertEquals(List.of("out"), names(tmp), "no private folder left beside it");

        AtomicFiles.replaceFolder(out, SET, dir -> fillSet(dir, "second"));
        assertEquals("second", Files.readString(out.resolve("index.txt")));
        assertEquals(List.of("out"), names(tmp), "the earlier set moved aside is removed");
    }

    @Test
    void aFolderHoldingOtherFilesIsNotReplaced() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        OutputFolderException e = assertThrows(OutputFolderException.class, () -> AtomicFiles.replaceFolder(out, SET, dir -> fillSet(dir, "x")));
        assertTrue(e.getMessage().startsWith(out + ": holds other files (notes.txt)"), e.getMessage());
        assertEquals(List.of("notes.txt"), names(out));
        assertEquals(List.of("out"), names(tmp));
    }

    @Test
    void concurrentWritersOfOneFolderNeverMixTheirSets() throws Exception {
        Path out = tmp.resolve("out");
        int writers = 4;
        for (int round = 0; round < 5; round++) {
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                List<Future<Path>> done = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    String name = "w" + w;
                    done.add(pool.submit(() -> {
                        start.await();
                        return AtomicFiles.replaceFolder(out, SET, dir -> fillSet(dir, name));
                    }));
                }
                start.countDown();
                for (Future<Path> f : done) assertEquals(out, f.get(60, TimeUnit.SECONDS));
            } finally {
                pool.shutdownNow();
            }
            String writer = Files.readString(out.resolve("index.txt"));
            assertEquals(writer + "-a", Files.readString(out.resolve("a.txt")));
            assertEquals(writer + "-b", Files.readString(out.resolve("b.txt")));
            assertEquals(List.of("out"), names(tmp), "nothing left beside the set");
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
