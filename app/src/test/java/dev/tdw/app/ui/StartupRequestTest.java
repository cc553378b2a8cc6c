package dev.tdw.app.ui;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StartupRequestTest {
    @Test
    void noArgumentsOpenTheDemoAndOpenTakesTwoCaptures() {
        assertTrue(StartupRequest.parse(List.of()).demo());
        StartupRequest open = StartupRequest.parse(List.of("open", "runs/a", "runs/b"));
        assertEquals(Path.of("runs/a"), open.left());
        assertEquals(Path.of("runs/b"), open.right());
    }

    @Test
    void openTakesOneCaptureOrTwoManifestsAsTheDocsSay() {
        StartupRequest one = StartupRequest.parse(List.of("open", "runs/a"));
        assertTrue(one.oneSide());
        assertEquals(Path.of("runs/a"), one.left());
        StartupRequest files = StartupRequest.parse(List.of("open", "a-rank0.json", "b-rank0.json"));
        assertEquals(Path.of("b-rank0.json"), files.right());
    }

    @Test
    void anythingElseIsRefusedWithTheUsage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StartupRequest.parse(List.of("open", "a", "b", "c")));
        assertTrue(e.getMessage().contains("tdw open LEFT RIGHT"));
        assertThrows(IllegalArgumentException.class, () -> WorkbenchApp.launch(new String[]{"frobnicate"}));
    }

    @Test
    void theDemoPairUnpacksAsLayerBug() throws Exception {
        DemoCaptures.Pair demo = DemoCaptures.extract();
        assertEquals("layer-bug", demo.baseline().getParent().getFileName().toString());
        assertTrue(demo.candidate().resolve("cmpl-layer-bug-rank0.json").toFile().isFile());
        // Permissions, not canWrite(): tests may run as root, who may write anything.
        assertTrue(!java.nio.file.Files.getPosixFilePermissions(demo.candidate().resolve("cmpl-layer-bug-rank0.pt"))
                .contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE));
    }
}
