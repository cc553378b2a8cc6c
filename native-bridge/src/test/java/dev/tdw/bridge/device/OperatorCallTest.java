package dev.tdw.bridge.device;

import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

class OperatorCallTest {
    @Test
    void plainValuesReadThePythonSpellings() {
        assertEquals(1e-6, new Argument.PlainValue("1e-06").asDouble());
        assertEquals(Double.NEGATIVE_INFINITY, new Argument.PlainValue("-inf").asDouble());
        assertTrue(Double.isNaN(new Argument.PlainValue("nan").asDouble()));
        assertEquals(-1, new Argument.PlainValue(" -1 ").asLong());
        assertTrue(new Argument.PlainValue("True").asBoolean());
        assertFalse(new Argument.PlainValue("False").asBoolean());
        assertEquals("neox", new Argument.PlainValue("'neox'").text());
        assertThrows(IllegalArgumentException.class, () -> new Argument.PlainValue("maybe").asBoolean());
        assertThrows(IllegalArgumentException.class, () -> new Argument.PlainValue("1.5").asLong());
    }

    @Test
    void boxedPythonScalarsBecomeTheirSpelling() {
        assertEquals(new Argument.PlainValue("1.0E-6"), Argument.of(1e-6));
        assertEquals(new Argument.PlainValue("True"), Argument.of(Boolean.TRUE));
        assertEquals(new Argument.PlainValue("7"), Argument.of(7L));
        assertThrows(IllegalArgumentException.class, () -> Argument.of(List.of()));
    }

    @Test
    void aCallMustBindEveryRequiredParameterWithTheRightKind() {
        var x = f32(shape(1), 1);
        var missing = assertThrows(IllegalArgumentException.class, () -> call(StandardOperators.ADD, DType.FLOAT32, "self", x));
        assertEquals("add needs other", missing.getMessage());
        var kind = assertThrows(IllegalArgumentException.class,
                () -> call(StandardOperators.ADD, DType.FLOAT32, "self", x, "other", "2.0"));
        assertEquals("add: other takes a tensor but got a value", kind.getMessage());
        var unknown = assertThrows(IllegalArgumentException.class,
                () -> call(StandardOperators.SILU, DType.FLOAT32, "x", x, "beta", "1"));
        assertEquals("silu has no parameter beta", unknown.getMessage());
    }

    @Test
    void badValuesNameTheOperatorAndParameter() {
        var c = call(StandardOperators.SOFTMAX, DType.FLOAT32, "x", f32(shape(1), 1), "dim", "last");
        var e = assertThrows(IllegalArgumentException.class, () -> c.longValue("dim", -1));
        assertEquals("softmax: dim: 'last' is not an integer", e.getMessage());
        assertEquals(-1, call(StandardOperators.SOFTMAX, DType.FLOAT32, "x", f32(shape(1), 1)).longValue("dim", -1));
    }

    @Test
    void signaturesRejectDuplicateNamesAndRequiredAfterOptional() {
        assertThrows(IllegalArgumentException.class, () -> new OperatorSignature("f",
                List.of(Parameter.tensor("x"), Parameter.tensor("x")), List.of("out"), ""));
        assertThrows(IllegalArgumentException.class, () -> new OperatorSignature("f",
                List.of(Parameter.optionalValue("a"), Parameter.tensor("x")), List.of("out"), ""));
        assertThrows(IllegalArgumentException.class, () -> new OperatorSignature("f", List.of(), List.of(), ""));
    }
}
