package dev.tdw.bridge.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunHistoryTest {
    @TempDir Path tmp;

    private RememberedRun run(String name, int minute) {
        Path root = tmp.resolve("captures");
        ProbeSettings probe = new ProbeSettings(root.resolve("2026-12-02_14" + minute + "_" + name), "0,1", "1", "2", "layers\\.",
                "layers\\.3\\.", "4", tmp.resolve("arm"));
        CaptureSpec spec = new CaptureSpec(tmp, "python3 repro.py --" + name, Map.of("VLLM_USE_V1", "1", "A", "x=y"), probe);
        return new RememberedRun(Instant.parse("2026-12-02T14:" + minute + ":00Z"), spec, root, name, null);
    }

    @Test
    void runsComeBackAsTheyWereNewestFirst() throws Exception {
        RunHistory h = new RunHistory(tmp.resolve("config/runs.json"));
        assertEquals(List.of(), h.load(), "no file yet");
        h.remember(run("eager", 10));
        h.remember(run("graph", 12));
        assertEquals(List.of(run("graph", 12), run("eager", 10)), new RunHistory(tmp.resolve("config/runs.json")).load());
    }

    @Test
    void theSameRunIsUpdatedInPlaceWithItsExitCode() throws Exception {
        RunHistory h = new RunHistory(tmp.resolve("runs.json"));
        h.remember(run("eager", 10));
        h.remember(run("graph", 12));
        List<RememberedRun> runs = h.remember(run("eager", 10).withExitCode(3));
        assertEquals(2, runs.size());
        assertEquals(3, h.load().get(0).exitCode());
        assertEquals("eager", h.load().get(0).runName());
    }

    @Test
    void onlyTheNewestAreKept() throws Exception {
        RunHistory h = new RunHistory(tmp.resolve("runs.json"));
        for (int i = 0; i < RunHistory.LIMIT + 5; i++) h.remember(run("r" + i, 10));
        List<RememberedRun> runs = h.load();
        assertEquals(RunHistory.LIMIT, runs.size());
        assertEquals("r" + (RunHistory.LIMIT + 4), runs.get(0).runName());
    }

    @Test
    void anUnreadableFileIsSetAsideNotLost() throws Exception {
        Path file = tmp.resolve("runs.json");
        Files.writeString(file, "{ not json");
        RunHistory h = new RunHistory(file);
        assertThrows(com.fasterxml.jackson.core.JsonProcessingException.class, h::load);
        h.remember(run("eager", 10));
        assertEquals("{ not json", Files.readString(tmp.resolve("runs.json.unreadable")));
        assertEquals(1, h.load().size());
    }

    @Test
    void anEntryThisVersionCannotReadIsSkipped() throws Exception {
        Path file = tmp.resolve("runs.json");
        RunHistory h = new RunHistory(file);
        h.remember(run("eager", 10));
        String text = Files.readString(file).replace("\"runs\" : [", "\"runs\" : [ {\"command\": 1},");
        Files.writeString(file, text);
        assertEquals(List.of(run("eager", 10)), h.load());
    }

    @Test
    void theConfigDirectoryPropertyRelocatesTheFile() {
        String before = System.getProperty(RunHistory.CONFIG_DIR_PROPERTY);
        System.setProperty(RunHistory.CONFIG_DIR_PROPERTY, tmp.toString());
        try {
            assertEquals(tmp.resolve("runs.json"), RunHistory.inUserConfig().file());
        } finally {
            if (before == null) System.clearProperty(RunHistory.CONFIG_DIR_PROPERTY);
            else System.setProperty(RunHistory.CONFIG_DIR_PROPERTY, before);
        }
        assertTrue(RunHistory.inUserConfig().file().endsWith("tdw/runs.json"));
    }
}
