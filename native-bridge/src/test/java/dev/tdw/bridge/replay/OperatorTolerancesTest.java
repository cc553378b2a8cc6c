package dev.tdw.bridge.replay;

import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The defaults are the README's recommendations ("Accumulation per operator, ..."), one step bf16 2^-7, fp16 2^-10. */
class OperatorTolerancesTest {
    private static final double BF16 = 0x1p-7, FP16 = 0x1p-10, SCREEN = 1e-2;

    @Test
    void theNormsAndRotaryTakeOneStepOfTheTypeAsRtol() {
        for (String op : new String[] {"add_rms_norm", "layer_norm", "rotary_embedding"}) {
            assertEquals(new Tolerance(SCREEN, BF16), OperatorTolerances.of(op, DType.BFLOAT16), op);
            assertEquals(new Tolerance(SCREEN, FP16), OperatorTolerances.of(op, DType.FLOAT16), op);
        }
    }

    @Test
    void softmaxTakesOneStepEachAndGeluTwoStepsOfRtol() {
        assertEquals(new Tolerance(BF16, BF16), OperatorTolerances.of("softmax", DType.BFLOAT16));
        assertEquals(new Tolerance(FP16, FP16), OperatorTolerances.of("softmax", DType.FLOAT16));
        assertEquals(new Tolerance(SCREEN, 2 * BF16), OperatorTolerances.of("gelu", DType.BFLOAT16));
        assertEquals(new Tolerance(SCREEN, 2 * FP16), OperatorTolerances.of("gelu", DType.FLOAT16));
    }

    @Test
    void theMatmulFamilyTakesTheReadmesBf16Example() {
        for (String op : new String[] {"matmul", "gate_up_proj", "grouped_matmul"}) {
            assertEquals(new Tolerance(0.05, 0.0078125), OperatorTolerances.of(op, DType.BFLOAT16), op);
            assertEquals(new Tolerance(SCREEN, SCREEN), OperatorTolerances.of(op, DType.FLOAT16), op + ": no fp16 value in the README");
        }
    }

    @Test
    void whereTheReadmeGivesNothingTheScreenStays() {
        assertEquals(new Tolerance(SCREEN, SCREEN), OperatorTolerances.of("add_rms_norm", DType.FLOAT32));
        assertEquals(new Tolerance(SCREEN, SCREEN), OperatorTolerances.of("softmax", DType.FLOAT64));
        assertEquals(new Tolerance(SCREEN, SCREEN), OperatorTolerances.of("add", DType.BFLOAT16));
        assertEquals(new Tolerance(SCREEN, SCREEN), OperatorTolerances.of("silu", DType.FLOAT16));
    }

    @Test
    void theReadmeStillSaysWhatTheTableHolds() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        assertTrue(readme.contains("rtol one step of the type (bf16 2^-7, fp16 2^-10)"), "the step sizes");
        assertTrue(readme.contains("`--atol 0.05 --rtol 0.0078125` for bf16 projections"), "the matmul example");
        assertTrue(readme.contains("start with rtol two steps"), "gelu");
        assertTrue(readme.contains("softmax: rtol one step plus atol one step of the row maximum"), "softmax");
    }

    @Test
    void theUsersValuesWinEachOnItsOwn() {
        var both = OperatorTolerances.apply(0.5, 0.25, "add_rms_norm", DType.BFLOAT16);
        assertEquals(new OperatorTolerances.Applied(new Tolerance(0.5, 0.25), "given"), both);
        var none = OperatorTolerances.apply(null, null, "gate_up_proj", DType.BFLOAT16);
        assertEquals(new OperatorTolerances.Applied(new Tolerance(0.05, 0.0078125), "the default of gate_up_proj on torch.bfloat16"), none);
        var atolOnly = OperatorTolerances.apply(0.5, null, "add_rms_norm", DType.BFLOAT16);
        assertEquals(new OperatorTolerances.Applied(new Tolerance(0.5, BF16), "atol given, rtol the default of add_rms_norm on torch.bfloat16"), atolOnly);
    }
}
