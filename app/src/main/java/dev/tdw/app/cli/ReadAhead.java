package dev.tdw.app.cli;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.input.InputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Manifests named on a short command line, read on a second thread while the command's own thread builds its picocli
 * model: on two cores a tiny scan's read (about a third of its time) then costs no wall time (bench/README.md).
 *
 * <p>Nothing here parses options, so there is no second grammar: every argument that names a {@code .json} file
 * (also as {@code --option=FILE}) is a candidate, and the command, once picocli has parsed it, takes a read only for a
 * path it was given. A path is keyed exactly as picocli converts it ({@link TdwCommand.PathConverter#path}), and a read
 * not yet started when the command asks for it runs on the command's thread instead, never twice; while the command
 * waits for a read in progress, it reads the files queued after it. A read's failure is
 * the command's: the same exception, thrown where the command would have read. Only regular files of at most
 * {@link #MAX_BYTES} in all, at most {@link #MAX_FILES} of them, are read ahead: beyond that the read itself dominates
 * and a file the command does not use would hold memory for nothing.
 */
final class ReadAhead {
    /** At most this many files are read ahead (a scan or a diff of tiny manifests names one to four). */
    static final int MAX_FILES = 4;
    /** At most this many bytes in all; the launcher calls an input small up to the same size (tdw-jvm-options). */
    static final long MAX_BYTES = 2L << 20;

    /** Reads one manifest; the command's own reader, or a test's. */
    interface Reader {
        Manifest read(Path file) throws InputException;
    }

    /** The command line's reader: every read of a manifest file a command makes goes through here. */
    static final Reader MANIFESTS = new ManifestFiles();

    /** Nothing read ahead: every read is the command's own. */
    static final ReadAhead NONE = new ReadAhead(MANIFESTS, Map.of());

    private final Reader reader;
    /** A read not done ahead (not a regular file, over the byte budget) leaves null: the command reads it itself. */
    private final Map<Path, FutureTask<Manifest>> reads;

    private ReadAhead(Reader reader, Map<Path, FutureTask<Manifest>> reads) {
        this.reader = reader;
        this.reads = reads;
    }

    /**
     * Starts reading the candidates among {@code args} (the arguments after the command's name) on a daemon thread, or
     * returns {@link #NONE} when there are none or one processor only (there the read would just take turns with the
     * command's thread).
     */
    static ReadAhead start(String[] args, Reader reader, int processors) {
        if (processors < 2) return NONE;
        Map<Path, FutureTask<Manifest>> reads = new LinkedHashMap<>();
        Budget budget = new Budget();
        for (int i = 0; i < args.length && reads.size() < MAX_FILES; i++) {
            Path file = candidate(args[i]);
            if (file != null && !reads.containsKey(file)) reads.put(file, new FutureTask<>(new Read(reader, file, budget)));
        }
        if (reads.isEmpty()) return NONE;
        Thread thread = new Thread(new Runner(reads.values().toArray(new FutureTask<?>[0])), "tdw-read-ahead");
        thread.setDaemon(true);
        thread.start();
        return new ReadAhead(reader, reads);
    }

    /** The path an argument names when it looks like a manifest file, else null; nothing is opened here. */
    static Path candidate(String arg) {
        String name = arg.startsWith("--") && arg.indexOf('=') > 0 ? arg.substring(arg.indexOf('=') + 1) : arg;
        if (name.startsWith("-") || !name.endsWith(".json")) return null;
        try {
            return TdwCommand.PathConverter.path(name);
        } catch (RuntimeException e) { // a name this locale cannot hold: picocli refuses it, saying why
            return null;
        }
    }

    /** The manifest at {@code file}: the read done ahead if there is one, else read now on the calling thread. */
    Manifest read(Path file) throws InputException {
        FutureTask<Manifest> ahead = reads.get(file);
        if (ahead == null) return reader.read(file);
        ahead.run(); // does nothing when the read-ahead thread has started it: then get() waits for its end
        // While that thread is still on this file, the files queued after it are read here: a diff's two sides at once.
        if (!ahead.isDone()) for (FutureTask<Manifest> queued : reads.values()) queued.run();
        Manifest m = result(ahead);
        return m != null ? m : reader.read(file);
    }

    /** The paths read ahead or queued, in the order given (for tests). */
    Iterable<Path> paths() {
        return reads.keySet();
    }

    private static Manifest result(FutureTask<Manifest> read) throws InputException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return read.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the read is bounded; the interrupt is kept for the caller
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InputException i) throw i;
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IllegalStateException(cause); // Read throws nothing else
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** The bytes left to read ahead; taken in argument order by the one read-ahead thread, or by the command's. */
    private static final class Budget {
        private long left = MAX_BYTES;

        synchronized boolean take(long bytes) {
            if (bytes > left) return false;
            left -= bytes;
            return true;
        }
    }

    /** One file's read; null when it is not a regular file within the budget (the command then reads it itself). */
    private record Read(Reader reader, Path file, Budget budget) implements Callable<Manifest> {
        @Override
        public Manifest call() throws InputException {
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(file, BasicFileAttributes.class);
            } catch (IOException | InvalidPathException e) {
                return null; // the command's own read says what is wrong with it
            }
            if (!attrs.isRegularFile() || !budget.take(attrs.size())) return null;
            return reader.read(file);
        }
    }

    /** The read-ahead thread: the reads in argument order. Named classes, not lambdas (see {@link TdwCommand}). */
    private static final class Runner implements Runnable {
        private final FutureTask<?>[] reads;

        Runner(FutureTask<?>[] reads) {
            this.reads = reads;
        }

        @Override
        public void run() {
            for (FutureTask<?> read : reads) read.run();
        }
    }

    private static final class ManifestFiles implements Reader {
        @Override
        public Manifest read(Path file) throws InputException {
            return new ManifestReader().read(file);
        }
    }
}
