package dev.tdw.model.capture;

import dev.tdw.model.testing.ManifestJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many manifests read on a few threads: answers in file order whatever the threads do, bad files answered, not thrown. */
class ManifestBatchTest {
    @TempDir Path tmp;

    @Test
    void answersComeInFileOrderOnTheCallingThreadWithBadFilesAsProblems() throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Path dir = tmp.resolve("m" + i);
            if (i % 7 == 3) {
                Files.createDirectories(dir);
                files.add(Files.writeString(dir.resolve("broken-rank0.json"), "{\"records\": [")); // truncated
            } else {
                files.add(new ManifestJson("label-" + i).stage("s", "[2]", null).write(dir));
            }
        }
        Thread caller = Thread.currentThread();
        for (int threads : new int[]{1, 2, 8, 8}) {
            List<String> seen = new ArrayList<>();
            ManifestBatch.read("test", files, new ManifestReader(), LoadProgress.NONE, threads, (i, read) -> {
                assertEquals(caller, Thread.currentThread(), "answers are handed over on the calling thread");
                assertEquals(files.get(i), read.file());
                if (i % 7 == 3) {
                    assertNull(read.manifest());
                    assertNotNull(read.problem());
                    assertTrue(read.problem().getMessage().contains("broken-rank0.json"), read.problem().getMessage());
                } else {
                    assertNull(read.problem());
                    seen.add(read.manifest().label());
                }
            });
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 40; i++) if (i % 7 != 3) expected.add("label-" + i);
            assertEquals(expected, seen);
        }
    }

    @Test
    void thePoolIsBoundedByTheCoresTheCapAndTheFiles() {
        assertEquals(1, ManifestBatch.threads(1, 8));
        assertEquals(1, ManifestBatch.threads(0, 8));
        assertEquals(1, ManifestBatch.threads(100, 1));
        int many = ManifestBatch.threads(10_000, 100);
        assertTrue(many >= 1 && many <= ManifestBatch.MAX_THREADS && many <= Runtime.getRuntime().availableProcessors(), "threads " + many);
    }
}
