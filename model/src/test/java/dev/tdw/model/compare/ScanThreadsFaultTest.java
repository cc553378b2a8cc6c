package dev.tdw.model.compare;

import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A helper thread that read a mapping whose file shrank: the JVM raises the fault asynchronously, at the thread's next
 * entry into its runtime, which may come after its task. The fault must reach the caller of {@link ScanThreads#run}
 * (where {@code MappedRead.guard} names the file) and never kill a pool thread later, printing a stack trace.
 */
class ScanThreadsFaultTest {
    @TempDir
    Path dir;

    @Slow
    @Test
    @Timeout(60) // without the fault raised in the task, the caller also waited for the helper's future for ever
    void aFaultInAHelperReachesTheCallerNotThePool() throws Exception {
        List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
        Thread.UncaughtExceptionHandler saved = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        try {
            // Where the JVM raises the fault without the fix depends on what the helper's thread runs next: often
            // still in the task, sometimes in the executor's code. Twenty rounds meet the second case.
            for (int round = 0; round < 20; round++) faultInAHelper(dir.resolve("shrinks-" + round + ".bin"));
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(saved);
        }
        assertEquals(List.of(), uncaught);
    }

    private static void faultInAHelper(Path file) throws IOException {
        Files.write(file, new byte[1 << 20]);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
             ScanThreads threads = new ScanThreads(2)) {
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, 1 << 20);
            Passes passes = new Passes();
            // Two tasks: the helper reads the mapping over and over (so that its loop is compiled, where a fault is
            // raised later rather than at the read) and ends one pass after the calling thread has cut the file.
            Error e = assertThrows(Error.class, () -> threads.run(2, (slot, task) -> {
                if (Thread.currentThread().getName().startsWith("tdw-compare-")) {
                    passes.readUntilCut(mapped);
                } else {
                    passes.cutOnceRead(channel);
                }
            }));
            assertTrue(MappedRead.isMappingFault(e), () -> "not a mapping fault: " + e);
        }
    }

    /**
     * The two threads' steps, handed over through volatile fields only: a lock or a latch could raise the fault. No
     * step of the helper's may follow its last read: a pending fault can be raised anywhere after it, even before a
     * {@code finally} block's first statement (seen when the fuzzing agent shared the JVM), so the calling thread never
     * waits for it; it waits for the helper's future in {@link ScanThreads#run}, which is what this test is about.
     */
    private static final class Passes {
        private volatile int done;
        private volatile boolean cut;
        long sum;

        void readUntilCut(MappedByteBuffer mapped) {
            boolean last = false;
            while (!last) {
                last = cut;
                for (int i = 0; i < mapped.capacity(); i += 512) sum += mapped.get(i);
                done++;
            }
        }

        void cutOnceRead(FileChannel channel) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (done < 200 && System.nanoTime() < deadline) Thread.onSpinWait();
            boolean read = done >= 200;
            try {
                if (read) channel.truncate(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                cut = true; // ends the helper's loop whatever happened here
            }
            assertTrue(read, "the helper did not read the mapping 200 times within 20 s");
        }
    }
}
