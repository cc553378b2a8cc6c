package dev.tdw.bridge.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run's form values: command, extra environment lines and the output directory's name. */
class CaptureSpecTest {
    @TempDir Path tmp;

    @Test
    void problemsNameTheCommandTheDirectoryAndProbeVariablesInTheExtraEnvironment() {
        CaptureSpec spec = new CaptureSpec(tmp.resolve("missing"), "  ", Map.of("DUMP_PROBE_ROWS", "4", "VLLM_USE_V1", "1"),
                ProbeSettings.defaults(tmp));
        assertEquals(List.of("no command to run", "working directory " + tmp.resolve("missing") + " does not exist",
                "DUMP_PROBE_ROWS belongs in the probe settings, not the extra environment"), spec.problems());
        assertTrue(new CaptureSpec(tmp, "python3 repro.py", Map.of("VLLM_USE_V1", "1"), ProbeSettings.defaults(tmp)).problems().isEmpty());
    }

    @Test
    void theCommandRunsThroughTheShellAsTyped() {
        CaptureSpec spec = new CaptureSpec(tmp, " python3 repro.py --eager | tee log ", Map.of(), ProbeSettings.defaults(tmp));
        assertEquals(List.of("/bin/sh", "-c", "python3 repro.py --eager | tee log"), spec.argv());
    }

    @Test
    void environmentLinesParseNameValuePairsAndNameTheBadLine() {
        assertEquals(Map.of("A", "1", "B_2", "x=y", "EMPTY", ""), EnvironmentLines.parse("# comment\nA=1\n\n  B_2=x=y\r\nEMPTY=\n"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EnvironmentLines.parse("A=1\nnot a pair\n"));
        assertEquals("environment line 2 'not a pair': write NAME=value", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EnvironmentLines.parse("1A=2"));
        assertEquals("A=1\nB=x=y\n", EnvironmentLines.format(EnvironmentLines.parse("A=1\nB=x=y")));
    }

    @Test
    void outputDirectoriesAreReadableSortableAndNeverReused() throws IOException {
        LocalDateTime at = LocalDateTime.of(2026, 12, 2, 14, 12, 33);
        Path first = CaptureOutputDirectory.create(tmp.resolve("root"), "eager", at);
        Path second = CaptureOutputDirectory.create(tmp.resolve("root"), "eager", at);
        assertEquals(tmp.resolve("root/2026-12-02_1412_eager"), first);
        assertEquals(tmp.resolve("root/2026-12-02_1412_eager-2"), second);
        assertTrue(Files.isDirectory(first) && Files.isDirectory(second));
        assertEquals(tmp.resolve("root/2026-12-02_1412_graph_mode__tp2"), CaptureOutputDirectory.create(tmp.resolve("root"), "graph mode, tp2", at));
        assertEquals("run", CaptureOutputDirectory.safeName(".."));
        assertEquals("run", CaptureOutputDirectory.safeName(" "));
        assertEquals("a_b", CaptureOutputDirectory.safeName("a/b"));
    }
}
