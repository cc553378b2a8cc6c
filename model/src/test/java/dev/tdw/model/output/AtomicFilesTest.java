package dev.tdw.model.output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AtomicFilesTest {
    @TempDir Path tmp;

    @Test
    void aLinkPlantedAtTheTargetIsReplacedNotWrittenThrough() throws Exception {
        Path victim = Files.writeString(tmp.resolve("manifest-rank0.json"), "precious");
        Path target = Files.createSymbolicLink(tmp.resolve("replay.json"), victim);
        AtomicFiles.writeString(target, "{\"ok\": true}");
        assertEquals("precious", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(target));
        assertEquals("{\"ok\": true}", Files.readString(target));
    }

    @Test
    void theNewFileIsReadableByOthersAsTheUmaskSaysNotPrivate() throws Exception {
        Path plain = Files.writeString(tmp.resolve("plain"), "x"); // created with the process umask
        Path ours = tmp.resolve("ours");
        AtomicFiles.writeString(ours, "y");
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        assertEquals(expected, Files.getPosixFilePermissions(ours));
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporary() throws Exception {
        Path target = Files.writeString(tmp.resolve("reference.pt"), "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(target, channel -> {
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(target));
        try (var files = Files.list(tmp)) {
            assertEquals(1, files.count(), "the temporary file is gone");
        }
        Path dir = Files.createDirectory(tmp.resolve("dir"));
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(dir, "x"));
        assertTrue(e.getMessage().endsWith("is a folder; not replaced"));
    }
}
