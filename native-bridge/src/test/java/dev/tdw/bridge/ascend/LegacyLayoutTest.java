package dev.tdw.bridge.ascend;

import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.tdw.bridge.device.StandardOperators.GROUPED_MATMUL;
import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/** Older CANN: every operator in one libopapi.so, and no aclnnGroupedMatmulV5. */
class LegacyLayoutTest extends LibraryLayoutContract {
    @Override String layout() { return "legacy"; }

    @Override List<String> expectedOperatorLibraries() { return List.of("libopapi.so"); }

    /** torch_npu falls back to aclnnGroupedMatmulV4 where V5 is not exported. */
    @Test
    void groupedMatmulRunsV4WithoutV5() {
        try (var device = AscendRuntime.open(TestDouble.libraries(layout()), 0);
             var fault = TestDouble.fault("error:aclnnGroupedMatmulV4GetWorkspaceSize")) {
            var e = assertThrows(AclException.class, () -> device.execute(call(GROUPED_MATMUL, DType.FLOAT32,
                    "x", f32(shape(2, 1), 1, 2), "weight", f32(shape(1, 1, 1), 3), "group_list", i64(shape(1), 2))));
            assertEquals("aclnnGroupedMatmulV4GetWorkspaceSize", e.function());
        }
    }
}
