package dev.tdw.bridge.ascend;

import com.sun.jna.ptr.LongByReference;
import dev.tdw.bridge.device.StandardOperators;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalInt;

import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * ACL's process-wide lifecycle against the double, which refuses aclInit after aclFinalize as acl_rt.h
 * requires. One test method: the state is per process and this class runs in its own JVM.
 */
class AclProcessStateTest {
    @Test
    void aclIsInitialisedOncePerProcessAndFinalisedOnceAtExit() {
        AscendLibraries libraries = TestDouble.libraries("current");
        var symbols = NativeSymbols.load(libraries);
        var acl = new Acl(symbols);
        // Another component of the process (say torch_npu) initialised ACL first.
        assertTrue(acl.init());
        for (int round = 0; round < 2; round++) {
            // The runtime's aclInit gets 100002 (already initialised) and goes on; closing keeps ACL alive.
            try (var runtime = AscendRuntime.open(libraries, 0)) {
                var out = runtime.execute(call(StandardOperators.SILU, DType.FLOAT32, "x", f32(shape(1), 0)));
                assertEquals(0.0, out.get("out").getDouble(0));
            }
        }

        assertEquals(List.of(), AclProcessState.finalizeAll(AclProcessState.EXIT_WAIT), "the JVM-exit step finalises without failures");
        var references = new LongByReference(-1);
        assertEquals(0, symbols.require("aclFinalizeReference").invokeInt(new Object[] {references}),
                "the runtime dropped only its own reference: the other component's one is still there");
        assertEquals(0, references.getValue());

        var closed = assertThrows(IllegalStateException.class, () -> AscendRuntime.open(libraries, 0));
        assertEquals("ACL was finalised at JVM exit; no Ascend runtime can open any more", closed.getMessage());
        var reinit = assertThrows(AclException.class, acl::init);
        assertEquals(OptionalInt.of(500000), reinit.status(), "the double refuses aclInit after aclFinalize");
        assertTrue(reinit.getMessage().contains("cannot be initialized again"), reinit.getMessage());
    }
}
