package dev.tdw.app.ui.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CaptureSidePaneTest {
    @TempDir
    Path tmp;

    @Test
    void aDroppedFolderOrManifestOpensItsFolderAndOtherFilesNothing() throws IOException {
        Path manifest = Files.writeString(tmp.resolve("cmpl-x-rank0.json"), "{}");
        Path payload = Files.writeString(tmp.resolve("cmpl-x-rank0.pt"), "");
        assertEquals(tmp, CaptureSidePane.folder(List.of(tmp.toFile())));
        assertEquals(tmp, CaptureSidePane.folder(List.of(manifest.toFile())));
        assertNull(CaptureSidePane.folder(List.of(payload.toFile())));
        assertNull(CaptureSidePane.folder(List.<File>of()));
        assertNull(CaptureSidePane.folder(null));
    }
}
