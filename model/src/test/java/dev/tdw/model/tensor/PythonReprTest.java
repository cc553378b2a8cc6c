package dev.tdw.model.tensor;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Expected strings are CPython 3.11's own repr output. */
class PythonReprTest {
    @Test
    void floatsUseShortestRoundTripDigitsLikeCPython() {
        double[] values = {1e-06, 1e16, 1e15, 0.0001, 1e-05, 123.456, -0.0, 0.0, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NaN, 1.5e-07, 2.5, 100.0, 0.1, 1.0 / 3, 5e-324, Double.MAX_VALUE,
                123456789012345678.0, -2.0e-5, 3.0e38};
        List<String> expected = List.of("1e-06", "1e+16", "1000000000000000.0", "0.0001", "1e-05", "123.456", "-0.0",
                "0.0", "inf", "-inf", "nan", "1.5e-07", "2.5", "100.0", "0.1", "0.3333333333333333", "5e-324",
                "1.7976931348623157e+308", "1.2345678901234568e+17", "-2e-05", "3e+38");
        assertEquals(expected, Arrays.stream(values).mapToObj(PythonRepr::ofFloat).toList());
    }

    @Test
    void stringsPickTheirQuoteAndEscapeLikeCPython() {
        assertEquals("\"it's\"", PythonRepr.of("it's"));
        assertEquals("'a\"b'", PythonRepr.of("a\"b"));
        assertEquals("'both \\' \"'", PythonRepr.of("both ' \""));
        assertEquals("'tab\\there\\n'", PythonRepr.of("tab\there\n"));
        assertEquals("'\\x01\\x7f\u00e9\u4e2d'", PythonRepr.of("\u0001\u007f\u00e9\u4e2d"));
        assertEquals("b\"ab\\x00'\"", PythonRepr.of(new byte[] {'a', 'b', 0, '\''}));
    }

    @Test
    void containersAndConstants() {
        assertEquals("(1,)", PythonRepr.of(new Object[] {1}));
        assertEquals("()", PythonRepr.of(new Object[0]));
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("k", null);
        List<Object> list = new ArrayList<>(List.of(1L, new Object[] {2, 3}));
        list.add(inner);
        assertEquals("[1, (2, 3), {'k': None}]", PythonRepr.of(list));
        Map<String, Object> flags = new LinkedHashMap<>();
        flags.put("a", true);
        flags.put("b", List.of(false));
        assertEquals("{'a': True, 'b': [False]}", PythonRepr.of(flags));
        assertEquals("123456789012345678901234567890", PythonRepr.of(new BigInteger("123456789012345678901234567890")));
        assertEquals("torch.bfloat16", PythonRepr.of(DType.BFLOAT16));
    }
}
