package dev.tdw.model.tensor;

import dev.tdw.model.input.InputException;
import dev.tdw.model.input.LocalCopies;
import dev.tdw.model.input.PayloadSource;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;


/**
 * Reads a probe payload ({@code torch.save} zip format) without Python. Stored storage entries are mapped read-only
 * straight from the file, never copied; DEFLATED entries (not written by torch, but valid zip) are inflated within
 * {@link PayloadLimits#maxInflatedBytes()}. The pickle is unpickled with a strict whitelist
 * ({@link TorchUnpickler}). Every problem with the file is a {@link PayloadFormatException} naming the file.
 *
 * <p>A reader holds no state between reads, so one instance may be shared by threads. A stored storage is mapped in
 * chunks of {@link StorageBytes#DEFAULT_CHUNK_BYTES}, so it may be as large as the file holds; entries larger than
 * {@link PayloadLimits#maxStorageBytes()} are refused. CRCs are
 * verified for the small records and for inflated entries, not for mapped storages, which would cost a full read of
 * every tensor.
 *
 * <p>A file of another file system than this machine's that is read in place ({@link LocalCopies#readInPlace}: a
 * Hadoop file system, scale/) is never mapped: its stored storages are read by byte ranges of
 * {@link StorageBytes#RANGE_CHUNK_BYTES}, each when a comparison first reads an element of it
 * ({@link StorageBytes#ofRanges}), so only the tensors compared are read, and of those only the parts compared.
 */
public final class PayloadReader {
    /** Compressed bytes read per step while inflating. */
    private static final int INFLATE_CHUNK = 64 << 10;
    private final PayloadLimits limits;
    private final long wholeFileMapLimit;
    private final long chunkBytes;
    /** Stored storages up to this many bytes are read into the heap instead of mapped; 0: every one is mapped. */
    private final long heapStorageBytes;

    public PayloadReader() {
        this(PayloadLimits.DEFAULTS);
    }

    public PayloadReader(PayloadLimits limits) {
        this(limits, Integer.MAX_VALUE);
    }

    /** Files up to {@code wholeFileMapLimit} bytes are mapped once and sliced; larger ones are mapped per entry. */
    PayloadReader(PayloadLimits limits, long wholeFileMapLimit) {
        this(limits, wholeFileMapLimit, StorageBytes.DEFAULT_CHUNK_BYTES);
    }

    private PayloadReader(PayloadLimits limits, long wholeFileMapLimit, long chunkBytes) {
        this(limits, wholeFileMapLimit, chunkBytes, 0);
    }

    private PayloadReader(PayloadLimits limits, long wholeFileMapLimit, long chunkBytes, long heapStorageBytes) {
        StorageBytes.checkChunkBytes(chunkBytes);
        this.limits = limits;
        this.wholeFileMapLimit = Math.min(wholeFileMapLimit, Integer.MAX_VALUE);
        this.chunkBytes = chunkBytes;
        this.heapStorageBytes = heapStorageBytes;
    }

    /**
     * The same reader, reading stored storages of up to {@code bytes} into the heap by ordinary reads and mapping only
     * larger ones (files are then never mapped whole). For many small files read one after the other (an msprobe
     * dump's tensor files): a closed file's mapping stays in the process until the collector finds its buffers, so
     * mapped small files add up in the resident set, while heap copies are reclaimed as the heap needs.
     */
    public PayloadReader withHeapStorages(long bytes) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("heap storage bytes out of range: " + bytes);
        return new PayloadReader(limits, bytes > 0 ? 0 : wholeFileMapLimit, chunkBytes, bytes);
    }

    /**
     * The same reader with storages cut into chunks of {@code chunkBytes} (a positive multiple of 8): small chunks let
     * tests and benchmarks cross chunk boundaries with small files.
     */
    public PayloadReader withChunkBytes(long chunkBytes) {
        return new PayloadReader(limits, wholeFileMapLimit, chunkBytes);
    }

    /**
     * Reads and validates a payload; the caller closes it. An interrupt of the reading thread cancels the read: the
     * file is closed and {@link CancellationException} thrown, as {@code LoadProgress} cancellation does elsewhere.
     */
    public Payload read(Path file) throws IOException {
        return read(file, null);
    }

    /**
     * Reads a file that holds one bare tensor ({@code torch.save(tensor)}, as msprobe's tensor mode writes each
     * {@code dump_tensor_data/*.pt}) as a payload with that one tensor under {@code stage} (key {@code {stage}#0}),
     * with the same limits, whitelist and mapping as {@link #read(Path)}. The storage's location ({@code cpu},
     * {@code npu:0}, ...) is where the tensor lived when saved; the bytes are in the file, so it is not used.
     */
    public Payload readTensor(Path file, String stage) throws IOException {
        return read(file, java.util.Objects.requireNonNull(stage, "stage"));
    }

    /** {@code bareStage} null: a probe payload dict; else one bare tensor under that stage. */
    private Payload read(Path given, String bareStage) throws IOException {
        return mapped(given, (file, channel, mapping) -> new Open(file, channel, mapping).read(bareStage));
    }

    /** Reads a mapped tensor file: the one way payloads and msprobe's tensor files are opened. */
    interface MappedReader {
        Payload read(Path file, FileChannel channel, PayloadMapping mapping) throws IOException;
    }

    /**
     * Opens {@code given} (a regular file; a host's file through its local copy, docs/remote.md), maps it and runs
     * {@code read} guarded against the file shrinking meanwhile; the mapping is closed if the read fails, and an
     * interrupt of the reading thread is a cancellation.
     */
    static Payload mapped(Path given, MappedReader read) throws IOException {
        PayloadSource source = LocalCopies.of(given);
        Path file = source.path();
        FileChannel channel;
        try {
            channel = RegularFiles.open(file);
        } catch (ClosedByInterruptException e) {
            source.close();
            throw cancelled(file, e);
        } catch (InputException e) {
            source.close();
            throw new PayloadFormatException(file, null, e.reason(), e);
        }
        PayloadMapping mapping;
        try {
            mapping = new PayloadMapping(file, channel, source);
        } catch (IOException e) {
            channel.close();
            source.close();
            if (e instanceof ClosedByInterruptException c) throw cancelled(file, c);
            throw e;
        }
        try {
            return MappedRead.guard(() -> read.read(file, channel, mapping), mapping);
        } catch (ClosedByInterruptException e) {
            mapping.close();
            throw cancelled(file, e);
        } catch (IOException | RuntimeException | Error e) {
            mapping.close();
            throw e;
        }
    }

    private static CancellationException cancelled(Path file, ClosedByInterruptException e) {
        CancellationException cancelled = new CancellationException("reading " + file + " was cancelled (interrupted)");
        cancelled.initCause(e);
        return cancelled;
    }

    /** The state of one read: the file, its directory and the inflation budget. */
    private final class Open {
        private final Path path;
        private final String file;
        private final FileChannel channel;
        private final PayloadMapping mapping;
        private final ByteBuffer whole;
        /** Whether storages are read by byte ranges rather than mapped (see the class comment). */
        private final boolean ranged;
        private long inflated;
        private int plainObjects;
        private long text;
        private Map<String, ZipDirectory.Entry> entries;
        private String prefix;
        private ByteOrder order = ByteOrder.LITTLE_ENDIAN;
        private final Map<String, Storage> storages = new HashMap<>();

        Open(Path path, FileChannel channel, PayloadMapping mapping) throws IOException {
            this.path = path;
            this.file = path.toString();
            this.channel = channel;
            this.mapping = mapping;
            long size = channel.size();
            this.ranged = path.getFileSystem() != FileSystems.getDefault();
            // One mapping for the whole file when it fits in a buffer; slices are then free.
            this.whole = size <= wholeFileMapLimit && !ranged ? MappedRead.map(channel, 0, size, path) : null;
        }

        Payload read(String bareStage) throws IOException {
            entries = ZipDirectory.read(channel, file, limits, mapping.source(), !ranged);
            prefix = topFolder();
            ZipDirectory.Entry pickle = entries.get(prefix + "data.pkl");
            if (pickle == null) throw fail("missing data.pkl (no entry " + prefix + "data.pkl)");
            ZipDirectory.Entry version = entries.get(prefix + "version");
            if (version == null) throw fail("missing version record (no entry " + prefix + "version)");
            String versionText = text(version);
            if (!versionText.matches("[0-9]{1,9}")) throw fail("version record is not a number: '" + versionText + "'");
            ZipDirectory.Entry byteorder = entries.get(prefix + "byteorder");
            if (byteorder != null) {
                String value = text(byteorder);
                switch (value) {
                    case "little" -> order = ByteOrder.LITTLE_ENDIAN;
                    case "big" -> order = ByteOrder.BIG_ENDIAN;
                    default -> throw fail("byteorder record is neither little nor big: '" + value + "'");
                }
            }
            if (pickle.size() > limits.maxPickleBytes()) {
                throw fail("data.pkl has " + pickle.size() + " bytes, more than the limit of " + limits.maxPickleBytes());
            }
            ByteBuffer pickleBytes = heapBytes(pickle);
            byte[] pickled = new byte[pickleBytes.remaining()];
            pickleBytes.get(pickled);
            Object root = TorchUnpickler.load(pickled, file, limits, this::storage);
            return bareStage == null ? interpret(root) : bare(root, bareStage);
        }

        private Payload bare(Object root, String stage) throws PayloadFormatException {
            if (!(root instanceof Tensor tensor)) {
                throw fail("data.pkl holds " + typeName(root) + ", not one tensor (an msprobe tensor file holds one)");
            }
            String key = keyed(stage, new StageKey.Counter());
            return new Payload(path, null, null, null, Map.of(),
                    List.of(PayloadEntry.tensor(key, PayloadEntry.Section.TENSORS, stage, null, tensor)), List.of(), mapping);
        }

        private String topFolder() throws PayloadFormatException {
            String top = null;
            for (String name : entries.keySet()) {
                if (name.endsWith("/")) continue;
                int slash = name.indexOf('/');
                if (slash <= 0) throw fail("zip entry " + name + " is not inside a top folder");
                String folder = name.substring(0, slash + 1);
                if (top == null) top = folder;
                else if (!top.equals(folder)) throw fail("zip entries are under two top folders, " + top + " and " + folder);
            }
            if (top == null) throw fail("empty zip (no data.pkl)");
            return top;
        }

        private Storage storage(String key, DType dtype, long numel) throws PayloadFormatException {
            String cacheKey = key + "/" + dtype;
            Storage cached = storages.get(cacheKey);
            if (cached != null) {
                if (cached.numel() != numel) {
                    throw fail("storage " + key + " is declared with " + cached.numel() + " and " + numel + " elements");
                }
                return cached;
            }
            ZipDirectory.Entry entry = entries.get(prefix + "data/" + key);
            if (entry == null) throw fail("storage key '" + key + "' has no entry " + prefix + "data/" + key);
            if (numel < 0 || numel > entry.size() / dtype.elementSize()) {
                throw fail("storage " + key + " declares " + numel + " " + dtype.torchName() + " elements but entry "
                        + entry.name() + " holds only " + entry.size() + " bytes");
            }
            if (entry.size() > limits.maxStorageBytes()) {
                throw fail("storage entry " + entry.name() + " has " + entry.size() + " bytes, more than the limit of "
                        + limits.maxStorageBytes() + " bytes per storage");
            }
            // A payload read in ranges fetches a storage's bytes when they are first read (only the stages a view
            // shows); a whole file maps them now.
            Storage storage = mapping.source().whole() ? mapping.storage(key, dtype, numel, bytesOf(key, entry))
                    : mapping.storage(key, dtype, numel, order, () -> bytesOf(key, entry));
            storages.put(cacheKey, storage);
            return storage;
        }

        private StorageBytes bytesOf(String key, ZipDirectory.Entry entry) throws PayloadFormatException {
            try {
                return storageBytes(entry);
            } catch (IOException e) {
                throw e instanceof PayloadFormatException p ? p
                        : ZipDirectory.fail(file, "cannot map storage " + SafeText.of(key) + " ("
                                + dev.tdw.model.input.RegularFiles.reason(e) + ")", e);
            }
        }

        /**
         * A storage entry's bytes in the payload's byte order: mapped chunks when stored, an inflated heap buffer (cut
         * into the same chunks) when deflated.
         */
        private StorageBytes storageBytes(ZipDirectory.Entry entry) throws IOException {
            switch (entry.method()) {
                case ZipDirectory.STORED -> {
                    checkStored(entry);
                    long size = entry.size();
                    if (size <= heapStorageBytes) return StorageBytes.of(readAt(entry.dataOffset(), (int) size).order(order), chunkBytes);
                    if (ranged) {
                        return StorageBytes.ofRanges(size, StorageBytes.RANGE_CHUNK_BYTES, order,
                                (i, from, length) -> readAt(entry.dataOffset() + from, length));
                    }
                    ByteBuffer[] chunks = new ByteBuffer[Math.max(1, Math.toIntExact((size + chunkBytes - 1) / chunkBytes))];
                    for (int i = 0; i < chunks.length; i++) {
                        long from = i * chunkBytes;
                        chunks[i] = map(entry.dataOffset() + from, (int) Math.min(chunkBytes, size - from));
                    }
                    return StorageBytes.ofChunks(chunks, chunkBytes, order);
                }
                case ZipDirectory.DEFLATED -> {
                    return StorageBytes.of(inflate(entry, inflatedSize(entry)).order(order), chunkBytes);
                }
                default -> throw unsupported(entry);
            }
        }

        /**
         * The entry's bytes read into the heap, never through a mapping: zlib and the CRC run in native code, where a
         * file that shrinks under a mapping raises SIGBUS and kills the JVM instead of an exception.
         */
        private ByteBuffer heapBytes(ZipDirectory.Entry entry) throws IOException {
            switch (entry.method()) {
                case ZipDirectory.STORED -> {
                    checkStored(entry);
                    ByteBuffer b = readAt(entry.dataOffset(), Math.toIntExact(entry.size()));
                    checkCrc(entry, b);
                    return b;
                }
                case ZipDirectory.DEFLATED -> {
                    return inflate(entry, inflatedSize(entry));
                }
                default -> throw unsupported(entry);
            }
        }

        private void checkStored(ZipDirectory.Entry entry) throws PayloadFormatException {
            if (entry.compressedSize() != entry.size()) {
                throw fail("stored entry " + SafeText.of(entry.name()) + " has different compressed and plain sizes");
            }
        }

        private PayloadFormatException unsupported(ZipDirectory.Entry entry) {
            return fail("entry " + SafeText.of(entry.name()) + " uses compression method " + entry.method()
                    + "; only stored and deflated are supported");
        }

        /** The plain size of a deflated entry, refused beyond what is left of the inflation budget. */
        private int inflatedSize(ZipDirectory.Entry entry) throws PayloadFormatException {
            if (entry.size() > limits.maxInflatedBytes() - inflated || entry.size() > Integer.MAX_VALUE) {
                throw fail("inflating " + SafeText.of(entry.name()) + " would exceed the limit of "
                        + limits.maxInflatedBytes() + " inflated bytes");
            }
            return (int) entry.size();
        }

        /** Inflates from ordinary reads of the file (see {@link #heapBytes}), CRC checked; within the budget. */
        private ByteBuffer inflate(ZipDirectory.Entry entry, int size) throws IOException {
            inflated += size;
            if (entry.compressedSize() > Integer.MAX_VALUE) throw fail("entry " + SafeText.of(entry.name()) + " is too large");
            byte[] out = new byte[size];
            Inflater inflater = new Inflater(true);
            try {
                long at = entry.dataOffset();
                long end = at + entry.compressedSize();
                byte[] chunk = new byte[(int) Math.min(INFLATE_CHUNK, Math.max(1, entry.compressedSize()))];
                int n = 0;
                while (n < size && !inflater.finished()) {
                    if (inflater.needsInput()) {
                        if (at >= end) break;
                        int length = (int) Math.min(chunk.length, end - at);
                        ByteBuffer read = readAt(at, length);
                        read.get(chunk, 0, length);
                        at += length;
                        inflater.setInput(chunk, 0, length);
                    }
                    n += inflater.inflate(out, n, size - n);
                    if (n < size && !inflater.finished() && inflater.needsDictionary()) break;
                }
                if (n != size || !inflater.finished()) {
                    throw fail("deflated entry " + SafeText.of(entry.name()) + " does not inflate to its declared "
                            + size + " bytes");
                }
            } catch (DataFormatException e) {
                throw fail("deflated entry " + SafeText.of(entry.name()) + " is corrupt (" + SafeText.of(e.getMessage()) + ")");
            } finally {
                inflater.end();
            }
            ByteBuffer b = ByteBuffer.wrap(out);
            checkCrc(entry, b);
            return b;
        }

        /** Bytes of the file by ordinary reads; a file shorter than its directory says changed since it was opened. */
        private ByteBuffer readAt(long offset, int length) throws IOException {
            mapping.source().fill(offset, length);
            try {
                return ZipDirectory.readAt(channel, offset, length);
            } catch (java.io.EOFException e) {
                throw new PayloadFormatException(MappedRead.changedMessage(path), e);
            }
        }

        private ByteBuffer map(long offset, int length) throws IOException {
            mapping.source().fill(offset, length);
            if (whole != null) return whole.slice(Math.toIntExact(offset), length);
            return MappedRead.map(channel, offset, length, path);
        }

        private void checkCrc(ZipDirectory.Entry entry, ByteBuffer b) throws PayloadFormatException {
            CRC32 crc = new CRC32();
            crc.update(b.duplicate());
            if (crc.getValue() != entry.crc()) throw fail("CRC mismatch in entry " + SafeText.of(entry.name()) + " (corrupt file)");
        }

        private String text(ZipDirectory.Entry entry) throws IOException {
            if (entry.size() > 64) throw fail("record " + entry.name() + " is implausibly large (" + entry.size() + " bytes)");
            ByteBuffer b = heapBytes(entry);
            return StandardCharsets.US_ASCII.decode(b).toString().trim();
        }

        private Payload interpret(Object root) throws PayloadFormatException {
            if (!(root instanceof Map<?, ?> dict)) {
                throw fail("data.pkl holds " + typeName(root) + ", not a probe payload dict");
            }
            if (!dict.containsKey("tensors") && !dict.containsKey("inputs") && !dict.containsKey("graph_slots")) {
                throw fail("data.pkl is not a probe payload (no tensors, inputs or graph_slots)");
            }
            String probe = optionalString(dict.get("probe"), "probe");
            String label = optionalString(dict.get("label"), "label");
            Object rawRank = dict.get("rank");
            Long rank = null;
            if (rawRank != null) {
                if (!(plain(rawRank, 0) instanceof Long r)) throw fail("rank is not an integer: " + PythonRepr.brief(rawRank));
                rank = r;
            }
            Map<String, Object> metadata = new LinkedHashMap<>();
            Object rawMetadata = dict.get("metadata");
            if (rawMetadata != null) {
                if (!(plain(rawMetadata, 0) instanceof Map<?, ?> m)) throw fail("metadata is not a dict");
                m.forEach((k, v) -> metadata.put((String) k, v));
            }
            List<PayloadEntry> out = new ArrayList<>();
            List<InputSet> inputSets = new ArrayList<>();
            StageKey.Counter seen = new StageKey.Counter();
            for (Object item : sequence(dict.get("tensors"), "tensors")) {
                Object[] pair = pair(item, "tensors");
                String stage = string(pair[0], "tensors stage");
                out.add(entry(keyed(stage, seen), PayloadEntry.Section.TENSORS, stage, null, pair[1]));
            }
            Map<String, Integer> setCounts = new HashMap<>();
            for (Object item : sequence(dict.get("inputs"), "inputs")) {
                Object[] pair = pair(item, "inputs");
                String stage = string(pair[0], "inputs stage");
                if (!(pair[1] instanceof Map<?, ?> named)) throw fail("input set " + stage + " is not a dict of named inputs");
                List<String> names = new ArrayList<>();
                for (Map.Entry<?, ?> e : named.entrySet()) {
                    String name = string(e.getKey(), "input name of " + stage);
                    names.add(name);
                    out.add(entry(keyed(StageKey.inputBase(stage, name), seen), PayloadEntry.Section.INPUTS, stage, name, e.getValue()));
                }
                inputSets.add(new InputSet(stage, setCounts.merge(stage, 1, Integer::sum) - 1, names));
            }
            Object slots = dict.get("graph_slots");
            if (slots != null) {
                if (!(slots instanceof Map<?, ?> named)) throw fail("graph_slots is not a dict");
                for (Map.Entry<?, ?> e : named.entrySet()) {
                    String name = string(e.getKey(), "graph slot name");
                    out.add(entry(keyed(StageKey.graphBase(name), seen), PayloadEntry.Section.GRAPH_SLOTS, name, null, e.getValue()));
                }
            }
            return new Payload(path, probe, label, rank, Collections.unmodifiableMap(metadata), out, inputSets,
                    mapping);
        }

        private String keyed(String base, StageKey.Counter seen) throws PayloadFormatException {
            spendText(base.length() + 11);
            return seen.next(base).toString();
        }

        private void spendText(long chars) throws PayloadFormatException {
            text += chars;
            if (text > limits.maxTextChars()) {
                throw fail("the keys and values of data.pkl make more than " + limits.maxTextChars()
                        + " characters of text (limit; a shared string is counted at each use)");
            }
        }

        private PayloadEntry entry(String key, PayloadEntry.Section section, String stage, String name, Object value)
                throws PayloadFormatException {
            if (value instanceof Tensor t) return PayloadEntry.tensor(key, section, stage, name, t);
            plain(value, 0); // enforces the depth and size limits before repr walks the value
            String repr = PythonRepr.ofAtMost(value, limits.maxTextChars() - text);
            spendText(repr == null ? limits.maxTextChars() + 1 : repr.length());
            return PayloadEntry.value(key, section, stage, name, repr);
        }

        /** Unpickled value to plain Java values, bounded in depth and in the number of values visited. */
        private Object plain(Object value, int depth) throws PayloadFormatException {
            if (depth > limits.maxPickleDepth()) {
                throw fail("data.pkl nests containers deeper than " + limits.maxPickleDepth() + " levels (limit)");
            }
            if (++plainObjects > limits.maxPickleObjects()) {
                throw fail("data.pkl holds more than " + limits.maxPickleObjects() + " values (limit)");
            }
            if (value == null || value instanceof String || value instanceof Boolean || value instanceof Double
                    || value instanceof Long || value instanceof Tensor || value instanceof byte[]) {
                return value;
            }
            if (value instanceof Integer i) return i.longValue();
            if (value instanceof BigInteger big) return big.bitLength() < 64 ? (Object) big.longValue() : big;
            if (value instanceof DType t) return t.torchName();
            if (value instanceof Object[] tuple) return plainList(Arrays.asList(tuple), depth);
            if (value instanceof List<?> list) return plainList(list, depth);
            if (value instanceof Map<?, ?> map) {
                Map<String, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : map.entrySet()) out.put(jsonKey(e.getKey()), plain(e.getValue(), depth + 1));
                return Collections.unmodifiableMap(out);
            }
            throw fail("unsupported value of type " + typeName(value) + " in data.pkl");
        }

        private List<Object> plainList(List<?> list, int depth) throws PayloadFormatException {
            List<Object> out = new ArrayList<>(list.size());
            for (Object item : list) out.add(plain(item, depth + 1));
            return Collections.unmodifiableList(out);
        }

        /** Dict keys as Python's json module writes them. */
        private String jsonKey(Object key) throws PayloadFormatException {
            if (key instanceof String s) return s;
            if (key == null) return "null";
            if (key instanceof Boolean b) return b ? "true" : "false";
            String text = key instanceof Number ? key.toString() : PythonRepr.brief(key);
            spendText(text.length());
            return text;
        }

        private List<?> sequence(Object value, String what) throws PayloadFormatException {
            if (value == null) return List.of();
            if (value instanceof List<?> list) return list;
            if (value instanceof Object[] tuple) return Arrays.asList(tuple);
            throw fail(what + " is " + typeName(value) + ", not a list");
        }

        private Object[] pair(Object item, String what) throws PayloadFormatException {
            Object[] pair = item instanceof Object[] t ? t : item instanceof List<?> l ? l.toArray() : null;
            if (pair == null || pair.length != 2) throw fail("an item of " + what + " is not a (stage, value) pair");
            return pair;
        }

        private String string(Object value, String what) throws PayloadFormatException {
            if (value instanceof String s) return s;
            throw fail(what + " is not a string: " + PythonRepr.brief(value));
        }

        private String optionalString(Object value, String what) throws PayloadFormatException {
            return value == null ? null : string(value, what);
        }

        private String typeName(Object value) {
            return value == null ? "None" : value.getClass().getSimpleName();
        }

        private PayloadFormatException fail(String what) {
            return ZipDirectory.fail(file, what);
        }
    }
}
