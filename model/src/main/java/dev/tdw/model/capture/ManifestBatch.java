package dev.tdw.model.capture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads many manifests on a few threads: a capture set of 64 ranks x 4 occurrences is 256 independent files, and
 * reading dominates opening it. The answers come back in the order of the files given, whatever order the threads
 * finish in, so what is loaded does not depend on timing. The pool is bounded ({@link #MAX_THREADS}) and lives for
 * one batch only.
 */
final class ManifestBatch {
    /** More threads than this only contend for the disk and the caller's cores. */
    static final int MAX_THREADS = 8;
    /** Below this many files a pool costs more than it saves. */
    static final int MIN_PARALLEL = 4;

    /** One file's answer: its manifest, or why it could not be read. */
    record Read(Path file, Manifest manifest, CaptureFormatException problem) {}

    /** Receives each answer in file order, on the calling thread (progress and payload checks stay single-threaded). */
    interface Consumer {
        void accept(int index, Read read);
    }

    private ManifestBatch() {}

    /** The threads a batch uses: at most {@code wanted}, the processors, {@link #MAX_THREADS} and one per file. */
    static int threads(int files, int wanted) {
        int bound = Math.min(Math.min(Runtime.getRuntime().availableProcessors(), MAX_THREADS), Math.min(files, wanted));
        return Math.max(1, bound);
    }

    /**
     * Reads every file and hands the answers to {@code consumer} in file order; {@code progress.cancelled()} is polled
     * on the calling thread between answers and stops the reads still running.
     *
     * @param what           what is loaded, for the cancellation's message
     * @param wantedThreads  at most this many threads (1: on the calling thread, one file after the other)
     * @throws CancellationException when cancelled or interrupted
     */
    static void read(Object what, List<Path> files, ManifestReader reader, LoadProgress progress, int wantedThreads, Consumer consumer) {
        int threads = threads(files.size(), wantedThreads);
        if (files.size() < MIN_PARALLEL || threads == 1) {
            for (int i = 0; i < files.size(); i++) {
                if (progress.cancelled()) throw new CancellationException("loading " + what + " was cancelled");
                consumer.accept(i, readOne(reader, files.get(i)));
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemons());
        try {
            List<Future<Read>> reads = new ArrayList<>(files.size());
            for (Path f : files) reads.add(pool.submit(() -> readOne(reader, f)));
            for (int i = 0; i < reads.size(); i++) {
                if (progress.cancelled()) throw new CancellationException("loading " + what + " was cancelled");
                consumer.accept(i, answer(what, reads.get(i)));
            }
        } finally {
            pool.shutdownNow(); // after a cancellation, interrupts the reads in progress (ManifestReader stops on it)
        }
    }

    private static Read readOne(ManifestReader reader, Path file) {
        try {
            return new Read(file, reader.read(file), null);
        } catch (CaptureFormatException e) {
            return new Read(file, null, e);
        }
    }

    private static Read answer(Object what, Future<Read> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("loading " + what + " was cancelled");
        } catch (ExecutionException e) {
            // Only unexpected failures get here (a bad file is an answer): rethrow them as they were.
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }

    private static ThreadFactory daemons() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "tdw-manifest-read-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
