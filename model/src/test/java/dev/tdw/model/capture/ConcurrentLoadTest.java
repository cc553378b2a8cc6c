package dev.tdw.model.capture;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TensorDigest;
import dev.tdw.model.testing.ManifestJson;
import dev.tdw.model.testing.OpenFiles;
import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Four captures with a payload of about 100 MB each are loaded and digested at once and cancelled half-way, first
 * through {@link LoadProgress#cancelled()}, then by interrupting the threads. Afterwards no loader thread, file
 * descriptor or lock is left, the files can be deleted, the closed payloads refuse further reads by name, and once
 * the collector has run no mapping of them is left either, although the test still holds every payload object.
 */
@Slow
class ConcurrentLoadTest {
    private static final int CAPTURES = 4;
    private static final int TENSORS = 4;
    /** 6.5 M float32 elements, 26 MB: four per payload make about 100 MB. */
    private static final int ELEMENTS = 6_500_000;

    @TempDir
    Path tmp;

    private final PayloadReader reader = new PayloadReader();

    @Test
    void cancellingConcurrentLoadsLeavesNothingBehind() throws Exception {
        List<Path> captures = writeCaptures();
        long mappedBefore = OpenFiles.mappedBuffers();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int threadsBefore = threads.getThreadCount();
        List<Payload> opened = new CopyOnWriteArrayList<>();

        AtomicBoolean cancel = new AtomicBoolean();
        LoadProgress flag = new LoadProgress() {
            @Override
            public boolean cancelled() {
                return cancel.get();
            }
        };
        Outcome byFlag = loadAll(captures, flag, opened, () -> {
            cancel.set(true);
            return false;
        });
        Outcome byInterrupt = loadAll(captures, LoadProgress.NONE, opened, () -> true);
        for (Outcome o : List.of(byFlag, byInterrupt)) {
            assertTrue(o.cancelled() > 0, "some loads were cancelled: " + o);
            assertTrue(o.digested() < CAPTURES * TENSORS, "cancelled half-way: " + o);
        }

        // loadAll joined its loader threads: none is left, and none of anything else was started.
        assertEquals(List.of(), Arrays.stream(threads.dumpAllThreads(false, false)).map(ThreadInfo::getThreadName)
                .filter(n -> n.startsWith("tdw-load-")).toList(), "loader threads left");
        assertTrue(threads.getThreadCount() <= threadsBefore, "thread count back to " + threadsBefore);
        assertEquals(0, OpenFiles.descriptorsUnder(tmp), "open descriptors");
        for (Path capture : captures) {
            Path payload = capture.resolve(capture.getFileName() + "-rank0.pt");
            try (FileChannel ch = FileChannel.open(payload, StandardOpenOption.WRITE); FileLock lock = ch.tryLock()) {
                assertNotNull(lock, "nobody locks " + payload);
            }
        }
        assertFalse(opened.isEmpty());
        for (Payload p : opened) {
            assertFalse(p.mapping().isOpen());
            Tensor t = p.entries().get(0).tensor();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> t.getDouble(0));
            assertTrue(e.getMessage().contains(p.path().toString()), e.getMessage());
        }

        try (Stream<Path> all = Files.walk(tmp)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) if (!p.equals(tmp)) Files.delete(p);
        }
        // Closed payloads hold no buffer, so the collector unmaps everything while `opened` is still reachable. When it
        // has is the collector's own affair (the JDK's reference processing signals nothing a test can wait on), so
        // this is the one place that asks again until a deadline.
        waitFor(() -> {
            System.gc();
            return OpenFiles.mappingsUnder(tmp).isEmpty() && OpenFiles.mappedBuffers() <= mappedBefore;
        }, "mappings released");
    }

    private record Outcome(int digested, int cancelled, int completed) {}

    /**
     * Loads every capture on its own thread: the directory, each payload, a digest of each tensor. Once two
     * tensors are digested {@code cancel} runs; when it returns true the threads are interrupted as well.
     */
    private Outcome loadAll(List<Path> captures, LoadProgress progress, List<Payload> opened, BooleanSupplier cancel)
            throws InterruptedException {
        AtomicInteger digested = new AtomicInteger();
        CountDownLatch halfWay = new CountDownLatch(2);
        List<Thread> loaders = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(CAPTURES, r -> {
            Thread t = new Thread(r, "tdw-load-" + (loaders.size() + 1));
            loaders.add(t);
            return t;
        });
        List<Future<?>> futures = new ArrayList<>();
        for (Path capture : captures) {
            futures.add(pool.submit(() -> {
                CaptureDirectory d = CaptureDirectory.load(capture, new ManifestReader(), progress);
                for (Manifest m : d.manifests()) {
                    try (Payload p = reader.read(d.payloadOf(m).orElseThrow())) {
                        opened.add(p);
                        for (PayloadEntry e : p.entries()) {
                            if (progress.cancelled()) throw new CancellationException("cancelled before " + e.key());
                            TensorDigest.of(e.tensor());
                            digested.incrementAndGet();
                            halfWay.countDown();
                        }
                    }
                }
                return null;
            }));
        }
        assertTrue(halfWay.await(120, TimeUnit.SECONDS), "two tensors digested");
        if (cancel.getAsBoolean()) pool.shutdownNow();
        else pool.shutdown();
        assertTrue(pool.awaitTermination(120, TimeUnit.SECONDS), "every load stopped");
        // The pool's tasks are done; its threads end just after: wait for exactly that.
        for (Thread t : loaders) {
            t.join(TimeUnit.SECONDS.toMillis(120));
            assertFalse(t.isAlive(), t.getName() + " ended");
        }
        int cancelled = 0;
        int completed = 0;
        for (Future<?> f : futures) {
            try {
                f.get();
                completed++;
            } catch (ExecutionException e) {
                assertTrue(e.getCause() instanceof CancellationException, "only cancellations: " + e.getCause());
                cancelled++;
            }
        }
        return new Outcome(digested.get(), cancelled, completed);
    }

    /** Four capture directories, each with one manifest and its payload of four 26 MB float32 tensors. */
    private List<Path> writeCaptures() throws IOException {
        ByteBuffer values = ByteBuffer.allocate(ELEMENTS * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ELEMENTS; i++) values.putFloat(i * 4, i % 1000 * 0.25f);
        Tensor big = new Tensor(new Storage("0", DType.FLOAT32, ELEMENTS, values), 0, new long[] {ELEMENTS}, new long[] {1});
        List<Path> captures = new ArrayList<>();
        for (int c = 0; c < CAPTURES; c++) {
            String label = "cap" + c;
            Path dir = tmp.resolve(label);
            new ManifestJson(label).top("tensor_file", "\"" + label + "-rank0.pt\"").write(dir);
            PayloadWriter writer = new PayloadWriter("ascend-tensor-dump/1", label, 0, Map.of());
            for (int t = 0; t < TENSORS; t++) writer.tensor("layers." + t + ".mlp", big);
            writer.write(dir.resolve(label + "-rank0.pt"));
            assertTrue(Files.size(dir.resolve(label + "-rank0.pt")) > 100_000_000);
            captures.add(dir);
        }
        return captures;
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("timed out waiting: " + what);
            Thread.sleep(100);
        }
    }
}
