package dev.tdw.model.sets;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunFoldersTest {
    private static Manifest at(String path) { return new Manifests().value("a", 1).build(path, "m", 0, 1, 1); }

    @Test
    void runsAreNumberedFoldersInNumericOrder() {
        CaptureDirectory d = new CaptureDirectory(Path.of("root"),
                List.of(at("root/run10/m-rank0.json"), at("root/run2/m-rank0.json"), at("root/run1/m-rank0.json")), List.of());
        assertEquals(List.of(Path.of("root/run1"), Path.of("root/run2"), Path.of("root/run10")),
                RunFolders.of(d).stream().map(Run::source).toList());
    }

    @Test
    void theIntermittentCaptureIsTwoFoldersOfRuns() throws Exception {
        CaptureDirectory candidate = CaptureDirectory.load(TestCaptures.scenario("intermittent").resolve("candidate"));
        assertEquals(5, RunFolders.of(candidate).size());
        assertTrue(RunFolders.detect(CaptureDirectory.load(TestCaptures.scenario("tp4-origin").resolve("baseline"))).isEmpty());
    }

    @Test
    void aManifestOutsideARunFolderOrTwoInOneAreRefusedWithTheReason() {
        CaptureDirectory loose = new CaptureDirectory(Path.of("root"), List.of(at("root/m-rank0.json")), List.of());
        assertEquals("root: m-rank0.json is not directly inside a run*/ folder",
                assertThrows(IllegalArgumentException.class, () -> RunFolders.of(loose)).getMessage());
        CaptureDirectory two = new CaptureDirectory(Path.of("root"), List.of(at("root/run1/a-rank0.json"), at("root/run1/b-rank0.json")), List.of());
        assertEquals("root/run1: holds 2 manifests; a run is one manifest",
                assertThrows(IllegalArgumentException.class, () -> RunFolders.of(two)).getMessage());
        assertTrue(RunFolders.detect(new CaptureDirectory(Path.of("root"), List.of(), List.of())).isEmpty());
    }
}
