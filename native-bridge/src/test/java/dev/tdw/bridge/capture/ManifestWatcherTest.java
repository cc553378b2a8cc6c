package dev.tdw.bridge.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

@Timeout(60)
class ManifestWatcherTest {
    @TempDir Path tmp;

    final BlockingQueue<Path> found = new LinkedBlockingQueue<>();

    @Test
    void reportsNewManifestsInNewSubDirectoriesOnceAndIgnoresEverythingElse() throws Exception {
        Path root = tmp.resolve("capture");
        Files.createDirectories(root.resolve("old"));
        Files.copy(FakeReproduction.template(), root.resolve("old/cmpl-old-rank0.json"));
        try (ManifestWatcher w = ManifestWatcher.start(root, found::add, Duration.ofSeconds(30))) {
            // A directory and its file created back to back: the file may exist before the directory is watched.
            Path occ2 = Files.createDirectories(root.resolve("occ2/deeper"));
            Files.copy(FakeReproduction.template(), occ2.resolve("cmpl-a-rank1.json"));
            Files.writeString(root.resolve("notes.json"), "{}");
            Files.writeString(root.resolve("cmpl-a-rank1.pt"), "payload bytes");

            assertEquals(occ2.resolve("cmpl-a-rank1.json"), found.poll(10, TimeUnit.SECONDS));
            Files.writeString(occ2.resolve("cmpl-a-rank1.json"), Files.readString(FakeReproduction.template()));
            assertNull(found.poll(1, TimeUnit.SECONDS), "a rewrite of a reported manifest, the old manifest and other files are not reported");
        }
    }

    @Test
    void aHalfWrittenManifestWaitsUntilItIsComplete() throws Exception {
        String text = Files.readString(FakeReproduction.template());
        try (ManifestWatcher w = ManifestWatcher.start(tmp, found::add, Duration.ofSeconds(30))) {
            Path m = tmp.resolve("cmpl-x-rank0.json");
            Files.writeString(m, text.substring(0, text.length() / 2));
            assertNull(found.poll(1, TimeUnit.SECONDS), "not yet a manifest");
            Files.writeString(m, text);
            assertEquals(m, found.poll(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void withoutEventsThePeriodicRescanFindsNewManifests() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("capture"));
        Files.copy(FakeReproduction.template(), root.resolve("cmpl-old-rank0.json"));
        try (ManifestWatcher w = ManifestWatcher.polling(root, found::add, Duration.ofMillis(200))) {
            Files.createDirectories(root.resolve("occ1"));
            Files.copy(FakeReproduction.template(), root.resolve("occ1/cmpl-y-rank0.json"));
            assertEquals(root.resolve("occ1/cmpl-y-rank0.json"), found.poll(10, TimeUnit.SECONDS));
            assertNull(found.poll(700, TimeUnit.MILLISECONDS), "reported once, and never the manifest that was there first");
        }
    }
}
