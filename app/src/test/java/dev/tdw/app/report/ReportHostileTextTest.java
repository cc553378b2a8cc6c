package dev.tdw.app.report;

import dev.tdw.app.ui.testing.Manifests;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.text.SafeText;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 31: the HTML report shows a stage name's controls, bidi and invisible characters as escapes, like the text output. */
class ReportHostileTextTest {
    private static final String STAGE = "layers.0.evil\u202e\u2066\u200b\ufeff\u2028\u0085\ud800<b>";

    @Test
    void aHostileStageNameIsEscapedWhereverThePageShowsIt() {
        PairAnalysis a = PairAnalysis.of(Manifests.of("left", STAGE, 1.0), Manifests.of("right", STAGE, 9.0), Tolerance.EXACT);
        String html = Pages.html(a, new ReportContext("base\u200bline", "candidate", "paired by label", "max_abs", "tdw test", null));
        assertTrue(html.codePoints().noneMatch(cp -> cp != '\n' && SafeText.unsafe(cp)), "a raw character: " + SafeText.of(html));
        String shown = "layers.0.evil\\u202e\\u2066\\u200b\\ufeff\\u2028\\u0085\\ud800&lt;b&gt;#0";
        assertTrue(html.contains("first divergence " + shown) || html.contains(">" + shown + "<"), html);
        assertTrue(html.contains("<title>tdw report: base\\u200bline vs candidate</title>"), html);
    }

    @Test
    void theOneEscapeOfThePageUsesTheTextRuleAndKeepsOurNewlines() {
        assertEquals("a\\u202eb\\u200bc\\ufeff\\u2069\\u009b&lt;&amp;&quot;&#39;\n", WorkbenchReport.esc("a\u202eb\u200bc\ufeff\u2069\u009b<&\"'\n"));
    }
}
