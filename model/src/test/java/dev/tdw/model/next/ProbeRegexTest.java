package dev.tdw.model.next;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbeRegexTest {
    @Test
    void escapesMetacharactersOneByOneAsPythonReads() {
        assertEquals("layers\\.7\\.", ProbeRegex.escape("layers.7."));
        assertEquals("a\\[0\\]\\(x\\)\\|b\\*\\+\\?\\{1\\}\\^\\$\\\\", ProbeRegex.escape("a[0](x)|b*+?{1}^$\\"));
        assertFalse(ProbeRegex.escape("x.y").contains("\\Q"), "Python has no \\Q...\\E");
    }

    @Test
    void controlCharactersBecomeHexEscapesThatStillMatch() {
        String stage = "odd\nstage\t1";
        String regex = ProbeRegex.exactly(stage);
        assertEquals("^odd\\x0astage\\x091$", regex);
        assertTrue(Pattern.compile(regex).matcher(stage).find());
    }

    @Test
    void exactlyMatchesOneStageAndNotItsLongerNeighbours() {
        Pattern p = Pattern.compile(ProbeRegex.exactly("layers.7.mlp"));
        assertTrue(p.matcher("layers.7.mlp").find());
        assertFalse(p.matcher("layers.7.mlp.act").find());
        assertFalse(p.matcher("layers.7xmlp").find());
    }

    @Test
    void shellQuotingKeepsPlainWordsAndQuotesTheRest() {
        assertEquals("0,1", ProbeSelection.shellQuote("0,1"));
        assertEquals("'layers\\.7\\.'", ProbeSelection.shellQuote("layers\\.7\\."));
        assertEquals("'it'\\''s'", ProbeSelection.shellQuote("it's"));
        assertEquals("''", ProbeSelection.shellQuote(""));
    }
}
