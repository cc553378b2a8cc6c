package dev.tdw.model.text;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NumberTextTest {
    @Test
    void decimalsInAsciiDigits() {
        assertEquals(OptionalDouble.of(0.01), NumberText.nonNegative("0.01"));
        assertEquals(OptionalDouble.of(0.01), NumberText.nonNegative("1e-2"));
        assertEquals(OptionalDouble.of(2e4), NumberText.nonNegative("2E+4"));
        assertEquals(OptionalDouble.of(0.5), NumberText.nonNegative(".5"));
        assertEquals(OptionalDouble.of(1), NumberText.nonNegative("1."));
        assertEquals(OptionalDouble.of(0), NumberText.nonNegative("0"));
        assertEquals(OptionalDouble.of(Double.MAX_VALUE), NumberText.nonNegative("1.7976931348623157e308"));
    }

    @Test
    void whatJavasParsersTakeBeyondThatIsRefused() {
        for (String t : new String[] {"Infinity", "NaN", "1e999", "-1", "-0", "+1", "0x1p3", "1d", "1f", " 1", "1 ", "",
            "\uff11", "0.\uff15", "1e", "1e+", ".", ".e1", "e1", "1.2.3", "1,5", "\u0661"}) {
            assertEquals(OptionalDouble.empty(), NumberText.nonNegative(t), t);
        }
        assertEquals(OptionalDouble.empty(), NumberText.nonNegative(null));
    }

    @Test
    void wholeNumbers() {
        assertEquals(OptionalLong.of(2000000), NumberText.whole("2000000"));
        assertEquals(OptionalLong.of(-1), NumberText.whole("-1"));
        assertEquals(OptionalLong.of(Long.MAX_VALUE), NumberText.whole("9223372036854775807"));
        for (String t : new String[] {"\uff11\uff10", "1e3", "+1", "-", "", "9223372036854775808", "1.0", " 1", "0x10"}) {
            assertEquals(OptionalLong.empty(), NumberText.whole(t), t);
        }
        assertEquals(OptionalLong.empty(), NumberText.whole(null));
    }
}
