package dev.tdw.model.compare;

import dev.tdw.model.tensor.ElementDecoder;
import dev.tdw.model.tensor.MappedRead;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of one comparison: the calling thread plus {@code threads - 1} helpers that live until {@link #close}.
 * Each participant owns a {@link Slot} of scratch arrays, so a pass over a tensor allocates nothing per chunk. Which
 * participant runs which task is left to chance; callers make their results independent of it.
 */
final class ScanThreads implements AutoCloseable {
    /** The most threads one comparison may use. */
    static final int MAX_THREADS = 256;

    /** One task of a batch, run by the participant owning {@code slot}. */
    @FunctionalInterface
    interface Task {
        void run(Slot slot, int task);
    }

    /** One task of a batch of whole pieces of work, each done by one participant alone. */
    @FunctionalInterface
    interface AloneTask {
        void run(ScanThreads alone, int task);
    }

    /** A participant's scratch: decoded chunks of both sides and its share of the counts. */
    static final class Slot {
        final ElementDecoder decoder = new ElementDecoder(PairScan.CHUNK);
        final double[] left = new double[PairScan.CHUNK];
        final double[] right = new double[PairScan.CHUNK];
        /** Raw chunks for the fused kernel: 16-bit elements (bfloat16, float16) or float32. */
        final short[] leftShorts = new short[PairScan.CHUNK];
        final short[] rightShorts = new short[PairScan.CHUNK];
        final float[] leftFloats = new float[PairScan.CHUNK];
        final float[] rightFloats = new float[PairScan.CHUNK];
        final long[] leftLongs = new long[PairScan.CHUNK];
        final long[] rightLongs = new long[PairScan.CHUNK];
        long leftNonfinite;
        long rightNonfinite;
        long mismatches;
        long notClose;
        double maxAbs;
        ElementAccumulator elements;
        /** This slot as threads of their own, for work a participant does alone ({@link #runAlone}). */
        ScanThreads alone;

        void reset() {
            leftNonfinite = rightNonfinite = mismatches = notClose = 0;
            maxAbs = 0;
            elements = null;
        }
    }

    private final List<Slot> slots = new ArrayList<>();
    private final ExecutorService helpers;
    private final int segmentChunks;
    private final int waveChunks;

    ScanThreads(int threads) {
        this(threads, PairScan.SEGMENT_CHUNKS, PairScan.WAVE_CHUNKS);
    }

    /** With other work sizes than {@link PairScan}'s, so tests reach many segments and waves with small tensors. */
    ScanThreads(int threads, int segmentChunks, int waveChunks) {
        if (segmentChunks < 1 || waveChunks < 1) throw new IllegalArgumentException("work sizes must be positive");
        this.segmentChunks = segmentChunks;
        this.waveChunks = waveChunks;
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be between 1 and " + MAX_THREADS + ", not " + threads);
        }
        for (int i = 0; i < threads; i++) {
            Slot slot = new Slot();
            slots.add(slot);
            slot.alone = threads == 1 ? this : new ScanThreads(slot, segmentChunks, waveChunks);
        }
        AtomicInteger number = new AtomicInteger();
        helpers = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "tdw-compare-" + number.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** One participant's slot as a pool of one, sharing the slot (the two are never used at the same time). */
    private ScanThreads(Slot slot, int segmentChunks, int waveChunks) {
        this.segmentChunks = segmentChunks;
        this.waveChunks = waveChunks;
        this.slots.add(slot);
        this.helpers = null;
    }

    int threads() {
        return slots.size();
    }

    /** Chunks one participant takes at a time. */
    int segmentChunks() {
        return segmentChunks;
    }

    /** Chunk sums held before they are folded. */
    int waveChunks() {
        return waveChunks;
    }

    /** Every slot, for a pass to reset before and to collect after. */
    List<Slot> slots() {
        return slots;
    }

    /** Runs tasks {@code 0..tasks-1}, each once, and returns when all are done; the first failure is rethrown. */
    void run(int tasks, Task task) {
        int participants = Math.min(tasks, slots.size());
        if (participants <= 1) {
            for (int i = 0; i < tasks; i++) task.run(slots.get(0), i);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        List<Future<?>> running = new ArrayList<>();
        for (int p = 1; p < participants; p++) {
            Slot slot = slots.get(p);
            running.add(helpers.submit(() -> claimThenRaise(next, tasks, slot, task)));
        }
        // Errors too: a fault on a mapped payload that shrank is an InternalError, which MappedRead.guard in the
        // caller turns into "changed while reading"; a helper's must reach it as it is, not wrapped.
        Throwable failure = null;
        try {
            claimThenRaise(next, tasks, slots.get(0), task);
        } catch (RuntimeException | Error e) {
            failure = e;
            next.set(tasks);
        }
        for (Future<?> f : running) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (failure == null) {
                    Throwable cause = e.getCause();
                    failure = cause instanceof RuntimeException || cause instanceof Error ? cause : new IllegalStateException(cause);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                next.set(tasks);
                if (failure == null) failure = new IllegalStateException("comparison interrupted", e);
            }
        }
        if (failure instanceof Error error) throw error;
        if (failure != null) throw (RuntimeException) failure;
    }

    /**
     * Runs tasks {@code 0..tasks-1} like {@link #run}, each done whole by one participant with its slot alone: many
     * small pieces of work (tensors too small to split) in parallel.
     */
    void runAlone(int tasks, AloneTask task) {
        run(tasks, (slot, i) -> task.run(slot.alone, i));
    }

    /** Tasks are claimed in increasing order, so each participant sees its tasks in increasing order too. */
    private static void claim(AtomicInteger next, int tasks, Slot slot, Task task) {
        for (int i = next.getAndIncrement(); i < tasks; i = next.getAndIncrement()) task.run(slot, i);
    }

    /**
     * {@link #claim}, then any fault this thread met on a shrunk mapping raised here, inside the task
     * ({@link MappedRead#raisePendingFault}): also after a failure, which garbage read from vanished pages may have
     * caused; the fault, which names the cause, replaces it. Raised later, it came in the executor's own code: after
     * the helper's future had completed normally (the caller saw no failure), while it completed (the caller waited for
     * ever), or in the pool's queue (the thread died with a stack trace), all seen in {@code ScanThreadsFaultTest} or CI.
     */
    private static void claimThenRaise(AtomicInteger next, int tasks, Slot slot, Task task) {
        try {
            claim(next, tasks, slot, task);
        } finally {
            MappedRead.raisePendingFault();
        }
    }

    @Override
    public void close() {
        if (helpers != null) helpers.shutdownNow();
    }
}
