package dev.tdw.model.tensor;

import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Work over tensors mapped from payload files, guarded against the files changing underneath. A payload that shrinks
 * while mapped (a capture still being written or synced) makes the next access to the lost pages fault; the JVM turns
 * that fault into an {@link InternalError} ("a fault occurred in a recent unsafe memory access operation") in the
 * thread that read. This turns it into a {@link PayloadFormatException} naming the file. Only Java code reads mapped
 * memory here: zlib and the CRC (native code, where the fault would kill the JVM) only ever see heap copies.
 */
public final class MappedRead {
    /** The work: reads tensors of the payloads it was given; its own failures ({@code E}) pass through (see guard). */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /** 1, read from a field so that no compiler sees the first length in {@link #raisePendingFault}. */
    private static volatile int one = 1;

    private MappedRead() {}

    /**
     * Raises here, as an {@link InternalError}, a fault this thread met reading a mapping whose file shrank and that the
     * JVM still holds pending. Compiled code that faults goes on with garbage, and the JVM raises the error at its next
     * entry into the runtime from Java code, which may otherwise come much later: in the executor's code after a
     * comparison's task, or after the guard. A two-dimensional array whose first length is not a constant is always
     * allocated by such an entry, in the interpreter and in both compilers. A return from native code is not enough:
     * once compiled, a file-system call raised a pending fault in 6 of 30 tries, and {@code PendingFaultTest} failed.
     */
    public static void raisePendingFault() {
        one = new byte[one][0].length;
    }

    /**
     * Maps a read-only region. A file cut below {@code offset + length} since its size was taken makes the JDK try
     * to extend it, which a read-only channel refuses with a bare IOException: that is the file changing underneath.
     */
    static ByteBuffer map(FileChannel channel, long offset, long length, Object file) throws IOException {
        try {
            return channel.map(FileChannel.MapMode.READ_ONLY, offset, length);
        } catch (IOException e) {
            if (e instanceof ClosedChannelException || channel.size() >= offset + length) throw e;
            throw new PayloadFormatException(changedMessage(file), e);
        }
    }

    /**
     * Runs {@code work}; a fault on a mapping becomes an error naming the payload that shrank (or the first). So does
     * any other failure of the work while a payload is shorter than when it was opened: it may come from garbage read
     * out of vanished pages. A pending fault is raised before the guard returns ({@link #raisePendingFault}); the
     * JVM may raise it earlier at any entry into its runtime, so all of this is inside the one handler.
     */
    public static <T, E extends Exception> T guard(Work<T, E> work, Payload... payloads) throws E, PayloadFormatException {
        List<PayloadMapping> sources = new ArrayList<>(payloads.length);
        for (Payload p : payloads) add(sources, p.mapping());
        return guard(work, sources);
    }

    /**
     * {@link #guard(Work, Payload...)} for work that reads these tensors: the payloads are those their storages were
     * mapped from (tensors built in memory have none). The model's readers of tensor data guard themselves this way,
     * so no caller has to remember it.
     */
    public static <T, E extends Exception> T guard(Work<T, E> work, Tensor... tensors) throws E, PayloadFormatException {
        List<PayloadMapping> sources = new ArrayList<>(2);
        for (Tensor t : tensors) add(sources, t.storage().source());
        return guard(work, sources);
    }

    /** Adds a payload's mapping once; a payload built in memory has none. */
    private static void add(List<PayloadMapping> sources, PayloadMapping source) {
        if (source != null && !sources.contains(source)) sources.add(source);
    }

    private static <T, E extends Exception> T guard(Work<T, E> work, List<PayloadMapping> sources) throws E, PayloadFormatException {
        try {
            T result;
            try {
                result = work.run();
                raisePendingFault();
            } catch (Exception | Error failure) {
                if (failure instanceof InternalError) throw failure;
                raisePendingFault();
                Path changed = shrunk(sources);
                if (changed != null) throw new PayloadFormatException(changedMessage(changed), failure);
                // A storage fetched when first read (a remote payload) that could not be: the file and why.
                if (failure instanceof java.io.UncheckedIOException u && u.getCause() instanceof PayloadFormatException p) throw p;
                throw failure;
            }
            Path changed = shrunk(sources);
            if (changed != null) throw new PayloadFormatException(changedMessage(changed));
            return result;
        } catch (InternalError e) {
            if (!isMappingFault(e)) throw e;
            Path changed = shrunk(sources);
            throw new PayloadFormatException(changedMessage(changed != null ? changed
                    : sources.isEmpty() ? Path.of("(payload)") : sources.get(0).file()), e);
        }
    }

    /**
     * The same while a payload is being opened: the file is the one being read. A file cut after it was mapped also
     * fails the ordinary reads of its zip directory ("no end-of-central-directory record"); that is the file changing
     * too, and saying so tells the user to wait for the writer rather than to distrust the writer's output.
     */
    static <T> T guard(Work<T, IOException> work, PayloadMapping opening) throws IOException {
        Path file = opening.file();
        try {
            T result;
            try {
                result = work.run();
                raisePendingFault();
            } catch (PayloadFormatException e) {
                raisePendingFault();
                if (opening.shrunk()) throw new PayloadFormatException(changedMessage(file), e);
                throw e;
            }
            if (opening.shrunk()) throw new PayloadFormatException(changedMessage(file));
            return result;
        } catch (InternalError e) {
            if (!isMappingFault(e)) throw e;
            throw new PayloadFormatException(changedMessage(file), e);
        }
    }

    /**
     * Whether the file is now shorter than {@code openedSize}: a file that shrank during the work means its result may
     * come from vanished pages, even when no fault was met.
     */
    static boolean shorterThan(Path file, long openedSize) {
        try {
            return java.nio.file.Files.size(file) < openedSize;
        } catch (IOException e) {
            return true; // removed or unreadable since: changed either way
        }
    }

    /** Whether an error is the JVM's report of a fault on mapped memory. */
    public static boolean isMappingFault(Throwable e) {
        return e instanceof InternalError && e.getMessage() != null && e.getMessage().contains("unsafe memory access");
    }

    static String changedMessage(Object file) {
        return SafeText.of(file) + ": changed while reading (the file is shorter than when it was opened; "
                + "was it still being written or copied?)";
    }

    /** The first payload file that is shorter than when it was opened, or null. */
    private static Path shrunk(List<PayloadMapping> sources) {
        for (PayloadMapping m : sources) {
            if (m.shrunk()) return m.file();
        }
        return null;
    }
}
