package dev.tdw.bridge.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run's form values: command and extra environment lines (the output folder's name: OutputFolderPolicyTest). */
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

    /** A run goes where its working directory is; a capture folder on another file system (a host's) is refused. */
    @Test
    void aCaptureFolderOnAnotherMachineThanTheWorkingDirectoryIsAProblem() throws Exception {
        try (FileSystem other = FileSystems.newFileSystem(tmp.resolve("other.zip"), Map.of("create", "true"))) {
            Path elsewhere = other.getPath("/captures");
            CaptureSpec spec = new CaptureSpec(tmp, "python3 repro.py", Map.of(), ProbeSettings.defaults(elsewhere));
            assertEquals(List.of("the working directory " + tmp + " and the capture folder /captures are on different machines;"
                    + " a run captures where it runs"), spec.problems());
        }
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
}
