package dev.tdw.bridge.capture;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbeSettingsTest {
    static final Path DIR = Path.of("/captures/2026-12-02_1412_eager");

    @Test
    void everyVariableIsSetExplicitly() {
        ProbeSettings s = new ProbeSettings(DIR, " 0,1 ", "2", "3", "layers\\.", "layers\\.3\\.", "4", Path.of("/run/arm"));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("DUMP_PROBE", "1");
        expected.put("DUMP_PROBE_DIR", "/captures/2026-12-02_1412_eager");
        expected.put("DUMP_PROBE_RANKS", "0,1");
        expected.put("DUMP_PROBE_MATCH", "2");
        expected.put("DUMP_PROBE_OCCURRENCE", "3");
        expected.put("DUMP_PROBE_SUMMARY", "layers\\.");
        expected.put("DUMP_PROBE_TENSOR", "layers\\.3\\.");
        expected.put("DUMP_PROBE_ROWS", "4");
        expected.put("DUMP_PROBE_ENABLE_FILE", "/run/arm");
        assertEquals(expected, s.environment());
    }

    @Test
    void defaultsAreTheProbesOwnAndHaveNoSentinel() {
        Map<String, String> env = ProbeSettings.defaults(DIR).environment();
        assertEquals("0", env.get("DUMP_PROBE_RANKS"));
        assertEquals("1", env.get("DUMP_PROBE_MATCH"));
        assertEquals("1", env.get("DUMP_PROBE_OCCURRENCE"));
        assertEquals("", env.get("DUMP_PROBE_SUMMARY"));
        assertEquals("", env.get("DUMP_PROBE_TENSOR"));
        assertEquals("0", env.get("DUMP_PROBE_ROWS"));
        assertFalse(env.containsKey("DUMP_PROBE_ENABLE_FILE"));
    }

    @Test
    void applyReplacesInheritedProbeVariablesAndKeepsTheRest() {
        Map<String, String> processEnv = new HashMap<>(Map.of("PATH", "/usr/bin", "DUMP_PROBE_ENABLE_FILE", "/old/sentinel",
                "DUMP_PROBE_TENSOR", ".*", "DUMP_PROBE_LEGACY", "x", "DUMP_PROBEX", "kept: another tool's variable"));
        ProbeSettings.defaults(DIR).apply(processEnv);
        assertEquals("/usr/bin", processEnv.get("PATH"));
        assertEquals("", processEnv.get("DUMP_PROBE_TENSOR"));
        assertFalse(processEnv.containsKey("DUMP_PROBE_ENABLE_FILE"), "an inherited sentinel would keep the probe off");
        assertFalse(processEnv.containsKey("DUMP_PROBE_LEGACY"));
        assertEquals("kept: another tool's variable", processEnv.get("DUMP_PROBEX"));
    }

    @Test
    void badIntegersAndRegexesAreRefusedInsteadOfFallingBack() {
        ProbeSettings s = new ProbeSettings(DIR, "0,,1", "0", "x", "layers\\.(", "[", "-1", null);
        List<String> problems = s.problems();
        assertEquals(6, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("ranks '0,,1'"));
        assertTrue(problems.get(1).startsWith("match '0': an integer of at least 1"));
        assertTrue(problems.get(2).startsWith("occurrence 'x'"));
        assertTrue(problems.get(3).startsWith("rows '-1': an integer of at least 0"));
        assertTrue(problems.get(4).startsWith("summary regex 'layers\\.('"));
        assertTrue(problems.get(5).startsWith("tensor regex '['"));
        IllegalStateException e = assertThrows(IllegalStateException.class, s::environment);
        assertTrue(e.getMessage().contains("ranks '0,,1'"));
    }

    @Test
    void ranksAreNonNegativeIntegers() {
        assertTrue(ProbeSettings.defaults(DIR).problems().isEmpty());
        for (String bad : List.of("", "-1", "0;1", "a", "0,")) {
            ProbeSettings s = new ProbeSettings(DIR, bad, "1", "1", "", "", "0", null);
            assertEquals(1, s.problems().size(), bad);
        }
        assertTrue(new ProbeSettings(DIR, "0,1,7", "1", "1", "", "", "0", null).problems().isEmpty());
    }
}
