package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.OptionalInt;

import static dev.tdw.bridge.device.StandardOperators.ADD_RMS_NORM;
import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/** Failures injected into the double surface as exceptions, leave nothing allocated, and wrong results show. */
class AscendFaultTest {
    private static AscendRuntime device;

    @BeforeAll
    static void open() {
        device = AscendRuntime.open(TestDouble.libraries("current"), 0);
    }

    @AfterAll
    static void close() {
        device.close();
    }

    private static OperatorCall addRmsNorm() {
        return call(ADD_RMS_NORM, DType.BFLOAT16, "x", bf16(shape(2, 4), 1, 2, 3, 4, 5, 6, 7, 8),
                "residual", bf16(shape(2, 4), 1, 1, 1, 1, 1, 1, 1, 1), "gamma", bf16(shape(4), 1, 1, 1, 1), "epsilon", "1e-06");
    }

    private static AclException failsWith(String fault) {
        long free = device.deviceInfo().freeBytes();
        AclException e;
        try (var f = TestDouble.fault(fault)) {
            e = assertThrows(AclException.class, () -> device.execute(addRmsNorm()));
        }
        assertEquals(free, device.deviceInfo().freeBytes(), "nothing stays allocated after " + fault);
        assertDoesNotThrow(() -> device.execute(addRmsNorm()), "the runtime still works after " + fault);
        return e;
    }

    @Test
    void aFailingSecondPhaseNamesTheOperator() {
        var e = failsWith("error:aclnnAddRmsNorm");
        assertEquals("aclnnAddRmsNorm", e.function());
        assertEquals(OptionalInt.of(361001), e.status());
        assertEquals("aclnnAddRmsNorm: injected fault (TDW_DOUBLE_FAULT=error:aclnnAddRmsNorm)", e.recentMessage());
    }

    @Test
    void aSecondPhaseThatFailsAfterQueuingKeepsItsMemoryUntilTheStreamIsSynchronized() {
        var e = failsWith("queued_error:aclnnAddRmsNorm");
        assertEquals("aclnnAddRmsNorm", e.function());
        assertEquals(0, e.getSuppressed().length,
                "nothing was freed while the queued kernel could still write it: " + java.util.Arrays.toString(e.getSuppressed()));
    }

    @Test
    void aFailingFirstPhaseNamesTheWorkspaceQuery() {
        assertEquals("aclnnAddRmsNormGetWorkspaceSize", failsWith("error:aclnnAddRmsNormGetWorkspaceSize").function());
    }

    @Test
    void runtimeFailuresInsideACallAreReported() {
        assertEquals(OptionalInt.of(200000), failsWith("error:aclrtMalloc").status());
        assertEquals("aclrtMemcpy", failsWith("error:aclrtMemcpy").function());
        assertEquals("aclrtSynchronizeStreamWithTimeout", failsWith("error:aclrtSynchronizeStreamWithTimeout").function());
        var nullHandle = failsWith("error:aclCreateTensor");
        assertEquals(OptionalInt.empty(), nullHandle.status());
        assertTrue(nullHandle.getMessage().startsWith("aclCreateTensor returned null: "), nullHandle.getMessage());
    }

    @Test
    void aWrongResultDiffersFromTheHostReference() {
        Map<String, Tensor> reference = HostRuntime.of(Precision.FP64).execute(addRmsNorm());
        Map<String, Tensor> wrong;
        try (var f = TestDouble.fault("wrong_result:aclnnAddRmsNorm")) {
            wrong = device.execute(addRmsNorm());
        }
        double expected = reference.get("out").getDouble(0);
        assertEquals(expected + 1, wrong.get("out").getDouble(0), 0x1p-7 * (expected + 1), "first output element is off by one");
        assertArrayEquals(values(reference.get("residual")), values(wrong.get("residual")), "the other output is untouched");
        Map<String, Tensor> right = device.execute(addRmsNorm());
        assertEquals(expected, right.get("out").getDouble(0), 0x1p-7 * expected);
    }

    @Test
    void aFaultForAnotherFunctionChangesNothing() {
        try (var f = TestDouble.fault("error:aclnnRmsNorm,wrong_result:aclnnAdd")) {
            assertEquals(2, device.execute(addRmsNorm()).size());
        }
    }
}
