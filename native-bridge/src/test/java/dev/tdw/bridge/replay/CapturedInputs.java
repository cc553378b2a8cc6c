package dev.tdw.bridge.replay;

import dev.tdw.bridge.device.Tensors;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipFile;

/**
 * Raw storages of the real replay-inputs capture (testdata/captures/replay-inputs), read straight from the
 * zip entries. The storage keys and shapes were read from the payload's data.pkl by hand, so these tests do
 * not depend on the .pt reader being written in parallel.
 */
public final class CapturedInputs {
    private CapturedInputs() {}

    public static final Path DIR = Path.of(System.getProperty("tdw.testdata", "../testdata"), "captures", "replay-inputs");

    public static ByteBuffer entry(Path pt, String name) {
        try (var zip = new ZipFile(pt.toFile())) {
            var e = zip.getEntry(name);
            if (e == null) throw new IllegalStateException(name + " is not in " + pt);
            return ByteBuffer.wrap(zip.getInputStream(e).readAllBytes()).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Tensor captured(String key, long... shape) {
        return Tensors.wrap(DType.BFLOAT16, shape, entry(DIR.resolve("capture/cmpl-replay-rank0.pt"), "cmpl-replay-rank0/data/" + key));
    }

    /** {@code add_rms_norm:{x,residual,gamma,epsilon}#3}: bf16 [12,64], [12,64], [64] and 1e-06. */
    public static Map<String, Object> addRmsNorm3() {
        var inputs = new LinkedHashMap<String, Object>();
        inputs.put("x", captured("27", 12, 64));
        inputs.put("residual", captured("28", 12, 64));
        inputs.put("gamma", captured("29", 64));
        inputs.put("epsilon", "1e-06");
        return inputs;
    }

    /** {@code gate_up_proj:{x,weight}#3}: bf16 [12,64] and [256,64]. */
    public static Map<String, Object> gateUpProj3() {
        var inputs = new LinkedHashMap<String, Object>();
        inputs.put("x", captured("30", 12, 64));
        inputs.put("weight", captured("31", 256, 64));
        return inputs;
    }

    /** Storage {@code n} of the reference tool's reference.pt for one replay directory. */
    public static ByteBuffer reference(String replayDir, int n) {
        return entry(DIR.resolve("replay/" + replayDir + "/reference.pt"), "reference/data/" + n);
    }
}
