package dev.tdw.model.tensor;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one NumPy {@code .npy} array (format versions 1 to 3, as {@code numpy.save} writes it; msprobe's tensor mode
 * writes them for MindSpore) as a payload with that one tensor under a stage, mapped from the file like a probe
 * payload's storages. The header must be NumPy's own dict ({@code descr}, {@code fortran_order}, {@code shape}, in that
 * order) with a plain numeric type of the {@link DType} list; object arrays, structured types and anything else are
 * refused, never guessed. The data must fit in the file.
 */
public final class NpyReader {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    /** Longest header read: NumPy writes a few hundred bytes; a larger one is not NumPy's. */
    public static final int MAX_HEADER = 64 << 10;
    private static final Pattern HEADER = Pattern.compile(
            "\\{\\s*'descr'\\s*:\\s*'([<>|=])([fiub])(\\d{1,2})'\\s*,\\s*'fortran_order'\\s*:\\s*(True|False)\\s*,"
                    + "\\s*'shape'\\s*:\\s*\\(([0-9,\\s]{0,2000})\\)\\s*,?\\s*}\\s*");
    private final PayloadLimits limits;

    public NpyReader() {
        this(PayloadLimits.DEFAULTS);
    }

    public NpyReader(PayloadLimits limits) {
        this.limits = limits;
    }

    /** The array in {@code file} as a payload with one tensor under {@code stage}; the caller closes it. */
    public Payload read(Path file, String stage) throws IOException {
        return PayloadReader.mapped(file, (f, channel, mapping) -> read(f, channel, mapping, stage));
    }

    private Payload read(Path file, FileChannel channel, PayloadMapping mapping, String stage) throws IOException {
        long size = channel.size();
        if (size < 10) throw fail(file, "too short for a .npy header (" + size + " bytes)");
        mapping.source().fill(0, size); // one array: every byte of the file is read
        ByteBuffer start = ZipDirectory.readAt(channel, 0, 12 <= size ? 12 : 10).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < MAGIC.length; i++) {
            if (start.get(i) != MAGIC[i]) throw fail(file, "not a .npy file (no \\x93NUMPY magic)");
        }
        int major = start.get(6);
        long headerLength;
        int headerStart;
        if (major == 1) {
            headerLength = start.getShort(8) & 0xffff;
            headerStart = 10;
        } else if ((major == 2 || major == 3) && size >= 12) {
            headerLength = start.getInt(8) & 0xffffffffL;
            headerStart = 12;
        } else {
            throw fail(file, ".npy format version " + major + " is not one NumPy writes (1, 2, 3)");
        }
        if (headerLength > MAX_HEADER || headerStart + headerLength > size) {
            throw fail(file, ".npy header of " + headerLength + " bytes does not fit the file or passes " + MAX_HEADER);
        }
        ByteBuffer raw = ZipDirectory.readAt(channel, headerStart, (int) headerLength);
        String header = (major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1).decode(raw).toString();
        Matcher m = HEADER.matcher(header);
        if (!m.matches()) throw fail(file, ".npy header is not NumPy's plain array header: " + SafeText.of(header.strip()));
        ByteOrder order = m.group(1).equals(">") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        DType dtype = dtype(file, m.group(2).charAt(0), Integer.parseInt(m.group(3)));
        long[] shape = shape(file, m.group(5));
        long numel = 1;
        for (long d : shape) {
            // A product past the limit (or 64 bits) is refused before it can overflow.
            if (d != 0 && numel > limits.maxTotalElements() / d) {
                throw fail(file, "shape " + java.util.Arrays.toString(shape) + " holds more than the limit of "
                        + limits.maxTotalElements() + " elements");
            }
            numel *= d;
        }
        if (numel > limits.maxTotalElements()) {
            throw fail(file, "holds " + numel + " elements, more than the limit of " + limits.maxTotalElements());
        }
        long dataStart = headerStart + headerLength;
        long bytes = Math.multiplyExact(numel, (long) dtype.elementSize());
        if (bytes > size - dataStart) {
            throw fail(file, "shape " + java.util.Arrays.toString(shape) + " of " + dtype.torchName() + " needs " + bytes
                    + " bytes but the file holds " + (size - dataStart) + " after its header");
        }
        if (bytes > limits.maxStorageBytes()) throw fail(file, "data of " + bytes + " bytes passes the storage limit");
        long chunk = StorageBytes.DEFAULT_CHUNK_BYTES;
        ByteBuffer[] chunks = new ByteBuffer[Math.max(1, Math.toIntExact((bytes + chunk - 1) / chunk))];
        for (int i = 0; i < chunks.length; i++) {
            long from = i * chunk;
            chunks[i] = MappedRead.map(channel, dataStart + from, Math.min(chunk, bytes - from), file);
        }
        Storage storage = mapping.storage("npy", dtype, numel, StorageBytes.ofChunks(chunks, chunk, order));
        long[] stride = new long[shape.length];
        long step = 1;
        boolean fortran = m.group(4).equals("True");
        for (int k = 0; k < shape.length; k++) {
            int d = fortran ? k : shape.length - 1 - k;
            stride[d] = step;
            step *= Math.max(1, shape[d]);
        }
        Tensor tensor = new Tensor(storage, 0, shape, stride);
        String key = new StageKey.Counter().next(stage).toString();
        return new Payload(file, null, null, null, Map.of(),
                List.of(PayloadEntry.tensor(key, PayloadEntry.Section.TENSORS, stage, null, tensor)), List.of(), mapping);
    }

    private static DType dtype(Path file, char kind, int size) throws PayloadFormatException {
        DType t = switch (kind) {
            case 'f' -> size == 2 ? DType.FLOAT16 : size == 4 ? DType.FLOAT32 : size == 8 ? DType.FLOAT64 : null;
            case 'i' -> size == 1 ? DType.INT8 : size == 2 ? DType.INT16 : size == 4 ? DType.INT32 : size == 8 ? DType.INT64 : null;
            case 'u' -> size == 1 ? DType.UINT8 : null;
            case 'b' -> size == 1 ? DType.BOOL : null;
            default -> null;
        };
        if (t == null) throw fail(file, ".npy element type '" + kind + size + "' is not one tdw reads");
        return t;
    }

    private static long[] shape(Path file, String text) throws PayloadFormatException {
        String[] parts = text.split(",");
        int n = 0;
        long[] out = new long[parts.length];
        for (String p : parts) {
            String s = p.strip();
            if (s.isEmpty()) continue;
            if (!s.matches("[0-9]{1,18}")) throw fail(file, ".npy shape dimension '" + SafeText.of(s) + "' is not a number below 10^18");
            out[n++] = Long.parseLong(s);
        }
        if (n > 64) throw fail(file, ".npy shape has " + n + " dimensions (more than 64)");
        if (!text.strip().isEmpty() && n == 0) throw fail(file, ".npy shape '(" + text + ")' is malformed");
        return java.util.Arrays.copyOf(out, n);
    }

    private static PayloadFormatException fail(Path file, String what) {
        return new PayloadFormatException(file, null, what, null);
    }
}
