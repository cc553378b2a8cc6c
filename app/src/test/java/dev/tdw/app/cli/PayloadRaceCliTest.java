package dev.tdw.app.cli;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import dev.tdw.model.testing.Slow;
import dev.tdw.model.testing.ZipBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The whole-process race of issue 15: {@code tdw tensors} reads a payload that another process cuts to a third
 * meanwhile (a capture still being written or synced). Every round must end in exit 2 naming the file as changed,
 * never a crash, a stack trace or a JVM crash log in the working directory, for stored and deflated payloads.
 *
 * <p>The cut is made once the payload is visibly mapped by the tdw process ({@code /proc/PID/maps}, so Linux only).
 * The reader maps the whole file right after taking its size, before it reads the zip directory, and every later read
 * of it (inflating, comparing) runs under a guard that checks the size again at its end; so from the mapping's first
 * appearance until the comparison's result there is no moment at which a cut could go unnoticed. The right payload is
 * always deflated, so that window holds inflating it (128 MiB) besides comparing 32M elements: over half a second even
 * on an idle machine, against a poll of the maps file that takes milliseconds (a few hundred at worst, when the poll
 * waits for the process's memory-map lock while it maps or faults in pages). The poll is bounded by the process's life
 * and a deadline, and a round in which the process finished before the cut fails as such rather than passing.
 * A mapping is no proof that the read is still going on (Java 17 cannot unmap, so it stays until the process exits);
 * the guard's closing size check is what makes a cut at any time up to the comparison's result count.
 */
@Slow
@EnabledOnOs(OS.LINUX)
class PayloadRaceCliTest {
    /** 128 MiB of float32 per side: within the 256 MiB inflation limit, so the deflated payload is read too. */
    private static final int ELEMENTS = 32 << 20;
    private static final int ROUNDS = 3;
    private static final long DEADLINE_SECONDS = 60;
    private static final long POLL_MILLIS = 2;

    @TempDir Path dir;

    @Test
    void aStoredPayloadCutWhileReadIsExit2NamingIt() throws Exception {
        Path stored = payload(dir.resolve("stored.pt"));
        race(stored, ZipBytes.deflated(stored, dir.resolve("right.pt")));
    }

    @Test
    void aDeflatedPayloadCutWhileReadIsExit2NamingIt() throws Exception {
        Path deflated = ZipBytes.deflated(payload(dir.resolve("stored.pt")), dir.resolve("deflated.pt"));
        race(deflated, deflated);
    }

    /** ROUNDS rounds, each cutting a fresh copy of {@code source} (the left payload) compared with {@code right}. */
    private void race(Path source, Path right) throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            Path left = dir.resolve("left-" + round + ".pt");
            Files.copy(source, left);
            Path work = Files.createDirectory(dir.resolve("work-" + round));
            Path out = dir.resolve("out-" + round + ".txt");
            Path err = dir.resolve("err-" + round + ".txt");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "dev.tdw.app.Main", "tensors",
                    "--left", left.toString(), "--right", right.toString(), "--max-elements", String.valueOf(ELEMENTS))
                    .directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            try {
                awaitMapped(p, left.toRealPath());
                try (FileChannel c = FileChannel.open(left, StandardOpenOption.WRITE)) {
                    c.truncate(c.size() / 3);
                }
                assertTrue(p.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS), "tdw tensors did not end");
            } finally {
                p.destroyForcibly();
            }
            String stderr = Files.readString(err);
            String what = "round " + round + ": " + stderr;
            assertEquals(2, p.exitValue(), what);
            assertTrue(stderr.contains(left + ": changed while reading"), what);
            assertFalse(stderr.contains("Exception") || stderr.contains("Error") || stderr.contains("\tat "), what);
            try (Stream<Path> written = Files.list(work)) {
                assertEquals(List.of(), written.toList(), "nothing is written into the working directory (no hs_err)");
            }
            Files.delete(left); // keeps the temporary disk at one copy per test
        }
    }

    /**
     * Polls the process's memory map until it holds {@code file}, every {@link #POLL_MILLIS} ms. Bounded: it ends when
     * the process does (the read finished before the cut could be made, which fails the round) or at the deadline.
     */
    private static void awaitMapped(Process p, Path file) throws IOException, InterruptedException {
        Path maps = Path.of("/proc", String.valueOf(p.pid()), "maps");
        String suffix = " " + file;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        while (System.nanoTime() < deadline) {
            List<String> lines;
            try {
                lines = Files.readAllLines(maps);
            } catch (NoSuchFileException e) {
                lines = List.of(); // the process has ended: reported below
            }
            if (lines.stream().anyMatch(line -> line.endsWith(suffix))) return;
            // Waiting for the end between polls (not spinning) leaves the 2 cores to tdw and does not keep taking
            // its memory-map lock, which each read of the maps file needs and which slows its own mapping down.
            if (p.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                fail("tdw ended (exit " + p.exitValue() + ") before " + file + " was seen mapped");
            }
        }
        fail(file + " was not mapped within " + DEADLINE_SECONDS + " s");
    }

    /** Pseudo-random values, so that the deflated copy is about as large as the stored one and takes as long to read. */
    private static Path payload(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(ELEMENTS * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        SplittableRandom random = new SplittableRandom(15);
        for (int i = 0; i < ELEMENTS; i++) bytes.putFloat(i * Float.BYTES, (float) random.nextDouble());
        long[] shape = {ELEMENTS};
        Tensor tensor = new Tensor(new Storage("0", DType.FLOAT32, ELEMENTS, bytes), 0, shape, TestTensors.contiguous(shape));
        new PayloadWriter("p", "race", 0, Map.of()).tensor("layer.0", tensor).write(file);
        return file;
    }
}
