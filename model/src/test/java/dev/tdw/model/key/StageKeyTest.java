package dev.tdw.model.key;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;

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

    @Test
    void buildsTheOneSpellingOfStageInputAndRangeKeys() {
        assertEquals("layers.3.mlp#2", StageKey.of("layers.3.mlp", 2).toString());
        assertEquals("add_rms_norm:x#1", StageKey.input("add_rms_norm", "x", 1).toString());
        assertEquals(StageKey.parse("add_rms_norm:x#1"), StageKey.input("add_rms_norm", "x", 1));
        assertEquals("rope#0 .. rope#3", StageKey.range("rope", 4));
    }

    @Test
    void findsTheEntryThatShowsARow() {
        List<String> entries = List.of("layers.0.mlp#0", "add_rms_norm:x#0", "add_rms_norm:x#1", "add_rms_norm:gamma#1");
        assertEquals(Optional.of("layers.0.mlp#0"), StageKey.entryShowing("layers.0.mlp#0", entries));
        assertEquals(Optional.of("add_rms_norm:x#1"), StageKey.entryShowing("add_rms_norm#1", entries));
        assertEquals(Optional.empty(), StageKey.entryShowing("add_rms_norm#2", entries));
        assertEquals(Optional.empty(), StageKey.entryShowing("add_rms_norm", entries));
        // "add_rms#0" is not the stage of "add_rms_norm:x#0": the base ends at the ':'.
        assertEquals(Optional.empty(), StageKey.entryShowing("add_rms#0", entries));
    }

    /** Found by AlignmentFuzzTest: "x#00" parsed as x#0, so one key had several spellings. */
    @ParameterizedTest
    @ValueSource(strings = {"x#00", "x#01", "x#+1", "x#-1", "x#\u0661", "x# 1", "x#", "x", "x#2147483648", "x#99999999999"})
    void refusesEverySpellingButTheCanonicalOne(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StageKey.parse(text));
        assertEquals(true, e.getMessage().startsWith("key '" + text + "'"), e.getMessage());
    }
}
