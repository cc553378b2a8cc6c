package dev.tdw.model.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** What this JVM holds open, from Linux's /proc/self: file descriptors and memory mappings. */
public final class OpenFiles {
    private static final Path FD = Path.of("/proc/self/fd");
    private static final Path MAPS = Path.of("/proc/self/maps");

    private OpenFiles() {}

    /** Open file descriptors of this process on files under {@code dir}. */
    public static long descriptorsUnder(Path dir) {
        assumeTrue(Files.isDirectory(FD), "needs Linux /proc");
        String prefix = dir.toAbsolutePath().toString();
        try (Stream<Path> fds = Files.list(FD)) {
            return fds.map(OpenFiles::target).filter(t -> t.startsWith(prefix)).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Memory mappings of this process of files under {@code dir} (deleted files included). */
    public static List<String> mappingsUnder(Path dir) {
        assumeTrue(Files.isReadable(MAPS), "needs Linux /proc");
        String prefix = dir.toAbsolutePath().toString();
        try {
            return Files.readAllLines(MAPS).stream().filter(line -> line.contains(prefix)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Buffers currently mapped by this JVM, from the "mapped" buffer pool. */
    public static long mappedBuffers() {
        return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("mapped")).mapToLong(BufferPoolMXBean::getCount).sum();
    }

    private static String target(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return ""; // closed between listing and reading
        }
    }
}
