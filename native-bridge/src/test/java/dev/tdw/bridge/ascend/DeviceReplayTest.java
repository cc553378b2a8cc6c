package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.Tensors;
import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.bridge.replay.CapturedInputs;
import dev.tdw.bridge.replay.OperatorRegistry;
import dev.tdw.bridge.replay.ReplayEngine;
import dev.tdw.bridge.replay.ReplayRequest;
import dev.tdw.bridge.replay.ReplayResult;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Replays with the device (test double) as candidate and the host FP64 formula as reference. */
class DeviceReplayTest {
    private static AscendRuntime device;
    private final ReplayEngine engine = new ReplayEngine(OperatorRegistry.standard());
    private final HostRuntime reference = HostRuntime.of(Precision.FP64);

    @BeforeAll
    static void open() {
        device = AscendRuntime.open(TestDouble.libraries("current"), 0);
    }

    @AfterAll
    static void close() {
        device.close();
    }

    private static Map<String, Object> addRmsNormInputs() {
        var inputs = new LinkedHashMap<String, Object>();
        inputs.put("x", Tensors.contiguous(DType.BFLOAT16, new long[] {12, 64}, DeviceAssertions.random(101, 768)));
        inputs.put("residual", Tensors.contiguous(DType.BFLOAT16, new long[] {12, 64}, DeviceAssertions.random(102, 768)));
        inputs.put("gamma", Tensors.contiguous(DType.BFLOAT16, new long[] {64}, DeviceAssertions.random(103, 64)));
        inputs.put("epsilon", "1e-06");
        return inputs;
    }

    /** Largest difference in bfloat16 steps of the larger magnitude. */
    private static double maxSteps(Tensor a, Tensor b) {
        double worst = 0;
        for (int i = 0; i < a.numel(); i++) {
            double x = a.getDouble(i), y = b.getDouble(i);
            double scale = Math.max(Math.abs(x), Math.abs(y));
            if (x != y) worst = Math.max(worst, Math.abs(x - y) / (0x1p-7 * Math.max(scale, 0x1p-126)));
        }
        return worst;
    }

    private static int differing(Tensor a, Tensor b) {
        int n = 0;
        for (int i = 0; i < a.numel(); i++) n += a.getDouble(i) != b.getDouble(i) ? 1 : 0;
        return n;
    }

    private ReplayResult replayAddRmsNorm(Map<String, Object> inputs, int occurrence) {
        return engine.replay(ReplayRequest.of("add_rms_norm", occurrence, "add_rms_norm", inputs), device, reference);
    }

    /**
     * The device's bf16 AddRmsNorm rounds (x * rstd) to bf16 and the product with gamma again (ops-nn
     * add_rms_norm.h), each within 2^-9 relative; the FP64 reference rounds once. Their difference, at most
     * (2^-8 + 2^-9) relative plus fp32 noise, is then at most one step of the bf16 grid, and not zero: the
     * double rounds as the kernel does (measured: 199 of the captured set's 768 outputs differ by one step).
     */
    @Test
    void deviceAndFp64ReferenceAgreeWithinOneBfloat16Step() {
        ReplayResult result = replayAddRmsNorm(addRmsNormInputs(), 3);
        assertEquals(List.of("add_rms_norm#3:out", "add_rms_norm#3:residual"), List.copyOf(result.candidate().keySet()));
        assertTrue(result.candidateRuntime().startsWith("Ascend device 0"), result.candidateRuntime());
        assertEquals("host reference (FP64)", result.referenceRuntime());
        Tensor out = result.candidate().get("add_rms_norm#3:out"), expected = result.reference().get("add_rms_norm#3:out");
        assertEquals(DType.BFLOAT16, out.dtype());
        assertTrue(maxSteps(expected, out) <= 1.0, "out differs by " + maxSteps(expected, out) + " steps");
        assertEquals(0.0, maxSteps(result.reference().get("add_rms_norm#3:residual"), result.candidate().get("add_rms_norm#3:residual")),
                "a bf16 + bf16 sum is exact in fp32, so the residual matches bit for bit");
    }

    @Test
    void theRealCapturedInputSetReplaysOnTheDevice() {
        ReplayResult result = replayAddRmsNorm(CapturedInputs.addRmsNorm3(), 3);
        Tensor expected = result.reference().get("add_rms_norm#3:out"), out = result.candidate().get("add_rms_norm#3:out");
        assertTrue(maxSteps(expected, out) <= 1.0);
        assertEquals(199, differing(expected, out), "the double rounds twice where the kernel does");
        ReplayResult gateUp = engine.replay(ReplayRequest.of("gate_up_proj", 3, "gate_up_proj", CapturedInputs.gateUpProj3()), device, reference);
        assertTrue(maxSteps(gateUp.reference().get("gate_up_proj#3:out"), gateUp.candidate().get("gate_up_proj#3:out")) <= 1.0);
    }

    /** A MoE expert projection as the probe records it: gmm1(hidden, weight, group_list), bound by position. */
    @Test
    void aGroupedMatmulStageReplaysOnTheDevice() {
        var inputs = new LinkedHashMap<String, Object>();
        inputs.put("hidden", Tensors.contiguous(DType.BFLOAT16, new long[] {16, 64}, DeviceAssertions.random(104, 16 * 64)));
        inputs.put("weight", Tensors.contiguous(DType.BFLOAT16, new long[] {4, 64, 32}, DeviceAssertions.random(105, 4 * 64 * 32)));
        inputs.put("group_list", Tensors.contiguous(DType.INT64, new long[] {4}, new double[] {4, 4, 0, 8}));
        inputs.put("group_list_type", "1");
        ReplayResult result = engine.replay(ReplayRequest.of("gmm1", 7, "grouped_matmul", inputs)
                .withArgumentOrder(List.of("hidden", "weight", "group_list", "group_list_type")), device, reference);
        Tensor out = result.candidate().get("gmm1#7:out");
        assertArrayEquals(new long[] {16, 32}, out.shape());
        assertTrue(maxSteps(result.reference().get("gmm1#7:out"), out) <= 1.0);
    }

    @Test
    void aWrongDeviceResultShowsInTheReplay() {
        ReplayResult result;
        try (var fault = TestDouble.fault("wrong_result:aclnnAddRmsNorm")) {
            result = replayAddRmsNorm(addRmsNormInputs(), 0);
        }
        assertTrue(maxSteps(result.reference().get("add_rms_norm#0:out"), result.candidate().get("add_rms_norm#0:out")) > 10,
                "the injected error is far beyond rounding");
    }
}
