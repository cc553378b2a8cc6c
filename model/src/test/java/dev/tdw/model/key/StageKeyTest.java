package dev.tdw.model.key;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StageKeyTest {
    @Test
    void parsesWhatItPrints() {
        for (String text : new String[] {"layers.0.mlp#0", "a#b#12", "graph:model.norm#3", "#0", "x:y#2147483647"}) {
            assertEquals(text, StageKey.parse(text).toString());
        }
        assertEquals(new StageKey("a#b", 12), StageKey.parse("a#b#12"));
    }

    /** Found by AlignmentFuzzTest: "x#00" parsed as x#0, so one key had several spellings. */
    @ParameterizedTest
    @ValueSource(strings = {"x#00", "x#01", "x#+1", "x#-1", "x#\u0661", "x# 1", "x#", "x", "x#2147483648", "x#99999999999"})
    void refusesEverySpellingButTheCanonicalOne(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StageKey.parse(text));
        assertEquals(true, e.getMessage().startsWith("key '" + text + "'"), e.getMessage());
    }
}
