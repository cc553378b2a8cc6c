package dev.tdw.bridge.replay;

import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The host FP64 reference against what the independent reference tool wrote for the real capture:
 * "the formula in float64, rounded to bf16 once".
 */
class CapturedReplayTest {
    private final ReplayEngine engine = new ReplayEngine(OperatorRegistry.standard());

    private static void assertSameBits(ByteBuffer expected, Tensor actual, String what) {
        assertEquals(DType.BFLOAT16, actual.dtype());
        int mismatches = 0;
        for (int i = 0; i < actual.numel(); i++) {
            if (expected.getShort(2 * i) != actual.bytes().getShort(2 * i)) mismatches++;
        }
        assertEquals(0, mismatches, what + ": elements differing from the reference tool");
    }

    @Test
    void addRmsNormOccurrence3MatchesTheReferenceToolBitForBit() {
        ReplayResult result = engine.replay(ReplayRequest.of("add_rms_norm", 3, "add_rms_norm", CapturedInputs.addRmsNorm3()),
                HostRuntime.emulating(Precision.FP32, DType.BFLOAT16), HostRuntime.of(Precision.FP64));
        assertSameBits(CapturedInputs.reference("add_rms_norm-3", 0), result.reference().get("add_rms_norm#3:out"), "out");
        assertSameBits(CapturedInputs.reference("add_rms_norm-3", 1), result.reference().get("add_rms_norm#3:residual"), "residual");
    }

    @Test
    void gateUpProjOccurrence3MatchesTheReferenceToolBitForBit() {
        ReplayResult result = engine.replay(ReplayRequest.of("gate_up_proj", 3, "gate_up_proj", CapturedInputs.gateUpProj3()),
                HostRuntime.emulating(Precision.FP32, DType.BFLOAT16), HostRuntime.of(Precision.FP64));
        Tensor out = result.reference().get("gate_up_proj#3:out");
        assertArrayEquals(new long[] {12, 256}, out.shape());
        assertSameBits(CapturedInputs.reference("gate_up_proj-3", 0), out, "out");
    }
}
