package dev.tdw.app.ui.input;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NumberInputTest {
    @Test
    void theRuleAcceptsEachKindsRangeOnly() {
        assertEquals(0.0, NumberRule.NON_NEGATIVE.parse("atol", " 0 ").value());
        assertEquals("atol '-1': a number ≥ 0", NumberRule.NON_NEGATIVE.parse("atol", "-1").error());
        assertEquals("atol 'NaN': a number ≥ 0", NumberRule.NON_NEGATIVE.parse("atol", "NaN").error());
        assertEquals("atol 'Infinity': a number ≥ 0", NumberRule.NON_NEGATIVE.parse("atol", "Infinity").error());
        for (String javaOnly : new String[] {"0x1p3", "1d", "1e-2f", "\uff11", "+1"}) {
            assertFalse(NumberRule.NON_NEGATIVE.parse("atol", javaOnly).ok(), javaOnly + ": the command line's grammar, ASCII digits");
        }
        assertFalse(NumberRule.POSITIVE.parse("timeout", "0").ok());
        assertTrue(NumberRule.POSITIVE.parse("timeout", "0.5").ok());
        assertEquals("n '2.5': a whole number ≥ 1", NumberRule.COUNT.parse("n", "2.5").error());
        assertEquals("n '': a whole number ≥ 1", NumberRule.COUNT.parse("n", null).error());
        assertEquals(1e6, NumberRule.COUNT.parse("n", "1e6").value());
    }

    @Test
    void typedTextIsCheckedAtOnceAndTakenOnlyOnCommit() {
        NumberInput in = new NumberInput("rtol", NumberRule.NON_NEGATIVE, false, 0.0);
        in.textProperty().set("abc");
        assertEquals("rtol 'abc': a number ≥ 0", in.errorProperty().get());
        assertFalse(in.commit());
        assertEquals(0.0, in.valueProperty().get(), "a refused text keeps the last value");
        in.textProperty().set("1e-3");
        assertNull(in.errorProperty().get());
        assertEquals(0.0, in.valueProperty().get(), "not before commit");
        assertTrue(in.commit());
        assertEquals(1e-3, in.valueProperty().get());
    }

    @Test
    void anOptionalInputTakesBlankAsNoValue() {
        NumberInput in = new NumberInput("limit", NumberRule.NON_NEGATIVE, true, null);
        assertEquals("", in.textProperty().get());
        in.textProperty().set("65504");
        in.commit();
        assertEquals(65504.0, in.valueProperty().get());
        in.textProperty().set("  ");
        assertTrue(in.commit());
        assertNull(in.valueProperty().get());
    }
}
