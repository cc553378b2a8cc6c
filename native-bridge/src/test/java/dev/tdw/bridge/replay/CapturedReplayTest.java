package dev.tdw.bridge.replay;

import dev.tdw.bridge.device.Tensors;
import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The host FP64 reference against what the independent reference tool wrote for the real capture
 * (testdata/captures/replay-inputs): "the formula in float64, rounded to bf16 once". Storage keys were
 * read from the payload's data.pkl by hand; this test does not depend on the .pt reader.
 */
class CapturedReplayTest {
    private static final Path DIR = Path.of(System.getProperty("tdw.testdata", "../testdata"), "captures", "replay-inputs");

    private static ByteBuffer entry(Path pt, String name) throws IOException {
        try (var zip = new ZipFile(pt.toFile())) {
            var e = zip.getEntry(name);
            assertNotNull(e, name + " in " + pt);
            return ByteBuffer.wrap(zip.getInputStream(e).readAllBytes()).order(ByteOrder.LITTLE_ENDIAN);
        }
    }

    private static Tensor captured(String key, long... shape) throws IOException {
        return Tensors.wrap(DType.BFLOAT16, shape, entry(DIR.resolve("capture/cmpl-replay-rank0.pt"), "cmpl-replay-rank0/data/" + key));
    }

    private static void assertSameBits(ByteBuffer expected, Tensor actual, String what) {
        assertEquals(DType.BFLOAT16, actual.dtype());
        int mismatches = 0;
        for (int i = 0; i < actual.numel(); i++) {
            if (expected.getShort(2 * i) != actual.bytes().getShort(2 * i)) mismatches++;
        }
        assertEquals(0, mismatches, what + ": elements differing from the reference tool");
    }

    @Test
    void addRmsNormOccurrence3MatchesTheReferenceToolBitForBit() throws IOException {
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("x", captured("27", 12, 64));
        inputs.put("residual", captured("28", 12, 64));
        inputs.put("gamma", captured("29", 64));
        inputs.put("epsilon", "1e-06");
        ReplayResult result = new ReplayEngine(OperatorRegistry.standard()).replay(
                ReplayRequest.of("add_rms_norm", 3, "add_rms_norm", inputs),
                HostRuntime.emulating(Precision.FP32, DType.BFLOAT16), HostRuntime.of(Precision.FP64));
        Path reference = DIR.resolve("replay/add_rms_norm-3/reference.pt");
        assertSameBits(entry(reference, "reference/data/0"), result.reference().get("add_rms_norm#3:out"), "out");
        assertSameBits(entry(reference, "reference/data/1"), result.reference().get("add_rms_norm#3:residual"), "residual");
    }

    @Test
    void gateUpProjOccurrence3MatchesTheReferenceToolBitForBit() throws IOException {
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("x", captured("30", 12, 64));
        inputs.put("weight", captured("31", 256, 64));
        ReplayResult result = new ReplayEngine(OperatorRegistry.standard()).replay(
                ReplayRequest.of("gate_up_proj", 3, "gate_up_proj", inputs),
                HostRuntime.emulating(Precision.FP32, DType.BFLOAT16), HostRuntime.of(Precision.FP64));
        Tensor out = result.reference().get("gate_up_proj#3:out");
        assertArrayEquals(new long[] {12, 256}, out.shape());
        assertSameBits(entry(DIR.resolve("replay/gate_up_proj-3/reference.pt"), "reference/data/0"), out, "out");
    }
}
