package dev.tdw.bridge.device;

import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import static dev.tdw.bridge.device.StandardOperators.LAYER_NORM;
import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

class NormalizedShapeTest {
    private static final dev.tdw.model.tensor.Tensor X = f32(shape(2, 2, 4), new double[16]);

    @Test
    void comesFromTheWeightThenTheBiasThenTheLastDim() {
        assertArrayEquals(shape(2, 4), NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X, "weight", f32(shape(2, 4), new double[8]))));
        assertArrayEquals(shape(2, 4), NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X, "bias", f32(shape(2, 4), new double[8]))));
        assertArrayEquals(shape(4), NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X)));
    }

    @Test
    void aBiasShapedUnlikeTheWeightIsRefused() {
        var e = assertThrows(IllegalArgumentException.class, () -> NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X,
                "weight", f32(shape(8), new double[8]), "bias", f32(shape(2, 4), new double[8]))));
        assertEquals("layer_norm: bias shape [2, 4] differs from the normalized shape [8]", e.getMessage());
    }

    /** torch's layer_norm(x, normalized_shape) without weights, over several dims. */
    @Test
    void aGivenNormalizedShapeSpansSeveralDimsWithoutWeights() {
        assertArrayEquals(shape(2, 4), NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X, "normalized_shape", "[2, 4]")));
        assertArrayEquals(shape(4), NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X, "normalized_shape", "(4,)")));
        var notTrailing = assertThrows(IllegalArgumentException.class,
                () -> NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X, "normalized_shape", "[2, 2]")));
        assertEquals("layer_norm: the normalized shape [2, 2] is not the trailing dims of x [2, 2, 4]", notTrailing.getMessage());
        var notInts = assertThrows(IllegalArgumentException.class,
                () -> NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X, "normalized_shape", "4")));
        assertEquals("layer_norm: normalized_shape '4' is not a list of ints such as [2, 4]", notInts.getMessage());
        var weight = assertThrows(IllegalArgumentException.class, () -> NormalizedShape.of(call(LAYER_NORM, DType.FLOAT32, "x", X,
                "normalized_shape", "[2, 4]", "weight", f32(shape(4), new double[4]))));
        assertEquals("layer_norm: weight shape [4] differs from the normalized shape [2, 4]", weight.getMessage());
    }
}
