package dev.tdw.bridge.replay;

import dev.tdw.bridge.device.Argument;
import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.DeviceInfo;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.OperatorSignature;
import dev.tdw.bridge.device.Parameter;
import dev.tdw.bridge.device.Role;
import dev.tdw.bridge.device.StandardOperators;
import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

class ReplayEngineTest {
    private final ReplayEngine engine = new ReplayEngine(OperatorRegistry.standard());

    /** Runs on the host and keeps the calls it was given. */
    private static class RecordingRuntime implements DeviceRuntime {
        final List<OperatorCall> calls = new ArrayList<>();
        final HostRuntime host = HostRuntime.of(Precision.FP64);

        @Override public String describe(Role role) { return "recording " + role; }
        @Override public DeviceInfo deviceInfo() { return host.deviceInfo(); }
        @Override public Set<String> operators() { return host.operators(); }
        @Override public Map<String, Tensor> execute(OperatorCall call) {
            calls.add(call);
            return host.execute(call);
        }
        @Override public void close() {}

        Tensor tensor(String name) { return ((Argument.TensorArgument) calls.get(0).arguments().get(name)).tensor(); }
    }

    private static Map<String, Object> inputs(Object... namesAndValues) {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i < namesAndValues.length; i += 2) m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        return m;
    }

    @Test
    void eachSideGetsItsOwnCopyAndSharedObjectsStayShared() {
        Tensor x = bf16(shape(1, 2), 1, 2);
        Tensor gamma = bf16(shape(2), 1, 1);
        // x passed as both x and residual: one object in the call.
        var request = ReplayRequest.of("add_rms_norm", 3, "add_rms_norm", inputs("x", x, "residual", x, "gamma", gamma, "epsilon", "1e-06"));
        var candidate = new RecordingRuntime();
        var reference = new RecordingRuntime();
        engine.replay(request, candidate, reference);

        for (RecordingRuntime side : List.of(candidate, reference)) {
            assertSame(side.tensor("x"), side.tensor("residual"), "one object in the call is one object in the copy");
            assertNotSame(x, side.tensor("x"));
            assertNotSame(x.storage(), side.tensor("x").storage());
            assertArrayEquals(values(x), values(side.tensor("x")));
        }
        assertNotSame(candidate.tensor("x"), reference.tensor("x"));
        assertNotSame(candidate.tensor("gamma").storage(), reference.tensor("gamma").storage());
    }

    @Test
    void viewsOfOneStorageStayViewsOfOneCopiedStorage() {
        Tensor whole = f32(shape(4), 1, 2, 3, 4);
        Tensor head = new Tensor(whole.storage(), 0, shape(2), shape(1));
        Tensor tail = new Tensor(whole.storage(), 2, shape(2), shape(1));
        var reference = new RecordingRuntime();
        engine.replay(ReplayRequest.of("mul", 0, "mul", inputs("self", head, "other", tail)), new RecordingRuntime(), reference);
        Tensor self = reference.tensor("self"), other = reference.tensor("other");
        assertSame(self.storage(), other.storage());
        assertEquals(2, other.storageOffset());
        assertArrayEquals(new double[] {3, 4}, values(other));
    }

    @Test
    void outputsAreKeyedByStageOccurrenceAndOutputInTheCapturedType() {
        var request = ReplayRequest.of("add_rms_norm", 3, "add_rms_norm", inputs(
                "x", bf16(shape(1, 2), 1, 2), "residual", bf16(shape(1, 2), 2, 2), "gamma", bf16(shape(2), 1, 2), "epsilon", "1e-06"));
        ReplayResult result = engine.replay(request, HostRuntime.emulating(Precision.FP32, DType.BFLOAT16), HostRuntime.of(Precision.FP64));
        assertEquals(List.of("add_rms_norm#3:out", "add_rms_norm#3:residual"), List.copyOf(result.candidate().keySet()));
        assertEquals(List.copyOf(result.candidate().keySet()), List.copyOf(result.reference().keySet()));
        assertEquals(DType.BFLOAT16, result.reference().get("add_rms_norm#3:out").dtype());
        assertEquals("replay-add_rms_norm#3", result.label());
        assertEquals("host emulation (FP32, results rounded to torch.bfloat16)", result.candidateRuntime());
        assertEquals("host reference (FP64)", result.referenceRuntime());
        assertArrayEquals(new double[] {3, 4}, values(result.reference().get("add_rms_norm#3:residual")));
    }

    @Test
    void anExplicitOrderBindsCapturedNamesToParametersByPosition() {
        var request = ReplayRequest.of("mlp.proj", 0, "gate_up_proj", inputs(
                "hidden", f32(shape(1, 2), 1, 2), "w", f32(shape(1, 2), 3, 4))).withArgumentOrder(List.of("hidden", "w"));
        ReplayResult result = engine.replay(request, HostRuntime.of(Precision.FP32), HostRuntime.of(Precision.FP64));
        assertEquals(Map.of("x", "hidden", "weight", "w"), result.bindings());
        assertArrayEquals(new double[] {11}, values(result.reference().get("mlp.proj#0:out")));
    }

    @Test
    void theOutputTypeCanBeChosen() {
        var request = ReplayRequest.of("silu", 0, "silu", inputs("x", bf16(shape(1), 1))).withOutputType(DType.FLOAT32);
        ReplayResult result = engine.replay(request, HostRuntime.of(Precision.FP32), HostRuntime.of(Precision.FP64));
        assertEquals(DType.FLOAT32, result.reference().get("silu#0:out").dtype());
        assertEquals(0.7310585786300049, values(result.reference().get("silu#0:out"))[0], 1e-7);
    }

    @Test
    void badOrdersAndMissingInputsAreExplained() {
        var in = inputs("x", f32(shape(1), 1), "weight", f32(shape(1, 1), 1));
        var unknown = assertThrows(IllegalArgumentException.class, () -> engine.replay(
                ReplayRequest.of("g", 0, "gate_up_proj", in).withArgumentOrder(List.of("x", "w")), HostRuntime.of(Precision.FP32),
                HostRuntime.of(Precision.FP64)));
        assertEquals("argument order names w, which is not among the captured inputs [x, weight]", unknown.getMessage());
        var tooMany = assertThrows(IllegalArgumentException.class, () -> engine.replay(
                ReplayRequest.of("g", 0, "gate_up_proj", in).withArgumentOrder(List.of("x", "weight", "x")),
                HostRuntime.of(Precision.FP32), HostRuntime.of(Precision.FP64)));
        assertTrue(tooMany.getMessage().startsWith("3 arguments [x, weight, x] for gate_up_proj, which takes 2"), tooMany.getMessage());
        var missing = assertThrows(IllegalArgumentException.class, () -> engine.replay(
                ReplayRequest.of("n", 0, "rms_norm", inputs("x", f32(shape(1), 1))), HostRuntime.of(Precision.FP32),
                HostRuntime.of(Precision.FP64)));
        assertEquals("rms_norm needs gamma", missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> engine.replay(ReplayRequest.of("n", 0, "conv2d", in),
                HostRuntime.of(Precision.FP32), HostRuntime.of(Precision.FP64)));
    }

    @Test
    void aRuntimeWithoutTheOperatorIsRefusedBeforeAnythingRuns() {
        var limited = new RecordingRuntime() {
            @Override public Set<String> operators() { return Set.of("add"); }
        };
        var reference = new RecordingRuntime();
        var e = assertThrows(DeviceException.class, () -> engine.replay(
                ReplayRequest.of("s", 0, "silu", inputs("x", f32(shape(1), 1))), limited, reference));
        assertEquals("recording CANDIDATE cannot run silu", e.getMessage());
        assertTrue(reference.calls.isEmpty());
    }

    @Test
    void theRegistryTakesNewOperators() {
        var registry = OperatorRegistry.standard();
        var square = new OperatorSignature("square", List.of(Parameter.tensor("x")), List.of("out"), "out = x * x");
        registry.register(square);
        assertSame(square, registry.require("square"));
        assertThrows(IllegalArgumentException.class, () -> registry.register(StandardOperators.ADD));
        assertEquals(14, registry.all().size());
    }
}
