package dev.tdw.model.tensor;

import dev.tdw.model.output.AtomicFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a probe payload in PyTorch's zip format, the dict layout the probe writes ({@code probe, label, rank,
 * metadata, tensors: [(stage, tensor)], inputs: [(stage, {name: value})], graph_slots: {name: tensor}}), readable by
 * {@link PayloadReader} and by {@code torch.load}. Entries are stored and 64-byte aligned, {@code version} is 3 and
 * {@code byteorder} is {@code little}. Each tensor is written as a contiguous little-endian copy of its logical
 * elements, streamed from its storage (a mapped tensor is never loaded into the heap).
 *
 * <p>Plain values (metadata, non-tensor inputs) may be null, String, Boolean, Integer, Long, BigInteger, Float,
 * Double, List, {@code Object[]} (a tuple) and Map. The file appears atomically: it is written under a temporary
 * name in the same directory and then moved.
 */
public final class PayloadWriter {
    /** What torch writes today; readers accept older versions too. */
    public static final int FORMAT_VERSION = 3;

    private final String probe;
    private final String label;
    private final long rank;
    private final Map<String, ?> metadata;
    private final List<Object[]> tensors = new ArrayList<>();
    private final List<Object[]> inputs = new ArrayList<>();
    private final Map<String, Tensor> graphSlots = new LinkedHashMap<>();
    private final boolean forceZip64;

    public PayloadWriter(String probe, String label, long rank, Map<String, ?> metadata) {
        this(probe, label, rank, metadata, false);
    }

    /** With {@code forceZip64}, zip64 records are written even when not needed (tests of that path). */
    PayloadWriter(String probe, String label, long rank, Map<String, ?> metadata, boolean forceZip64) {
        this.probe = probe;
        this.label = label;
        this.rank = rank;
        this.metadata = new LinkedHashMap<>(metadata);
        this.forceZip64 = forceZip64;
    }

    /** Appends {@code (stage, tensor)} to {@code tensors}. */
    public PayloadWriter tensor(String stage, Tensor tensor) {
        tensors.add(new Object[] {stage, tensor});
        return this;
    }

    /** Appends one input set; values are tensors or plain values, in call order. */
    public PayloadWriter inputSet(String stage, Map<String, ?> named) {
        inputs.add(new Object[] {stage, new LinkedHashMap<>(named)});
        return this;
    }

    public PayloadWriter graphSlot(String name, Tensor tensor) {
        if (graphSlots.putIfAbsent(name, tensor) != null) throw new IllegalArgumentException("graph slot " + name + " twice");
        return this;
    }

    public void write(Path file) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("probe", probe);
        root.put("label", label);
        root.put("rank", rank);
        root.put("metadata", metadata);
        root.put("tensors", tensors);
        root.put("inputs", inputs);
        root.put("graph_slots", graphSlots);
        TorchPickler pickler = new TorchPickler();
        byte[] pickle = pickler.pickle(root);
        String folder = folderName(file);
        // One atomic rename: a reader never sees half a payload, and a link planted at the target is replaced, not followed.
        AtomicFiles.write(file, channel -> {
            StoredZipWriter zip = new StoredZipWriter(channel, forceZip64);
            zip.add(folder + "/data.pkl", pickle);
            zip.add(folder + "/byteorder", "little".getBytes(StandardCharsets.US_ASCII));
            List<Tensor> storages = pickler.storages();
            for (int key = 0; key < storages.size(); key++) {
                Tensor t = storages.get(key);
                zip.add(folder + "/data/" + key, t.numel() * t.dtype().elementSize(),
                        sink -> TensorBytes.forEachChunk(t, sink));
            }
            zip.add(folder + "/version", (FORMAT_VERSION + "\n").getBytes(StandardCharsets.US_ASCII));
            zip.finish();
        });
    }

    /** torch names the top folder after the file stem ({@code os.path.splitext}); odd characters become _. */
    static String folderName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return stem.replaceAll("[^A-Za-z0-9_.-]", "_");
    }
}
