package dev.tdw.bridge.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * What must not be reported is checked once the watcher has looked at it ({@code passedOver}), never by waiting a
 * while for nothing to happen.
 */
@Timeout(60)
class ManifestWatcherTest {
    @TempDir Path tmp;

    final BlockingQueue<Path> found = new LinkedBlockingQueue<>();
    final BlockingQueue<Path> passedOver = new LinkedBlockingQueue<>();

    @Test
    void reportsNewManifestsInNewSubDirectoriesOnceAndIgnoresEverythingElse() throws Exception {
        Path root = tmp.resolve("capture");
        Files.createDirectories(root.resolve("old"));
        Files.copy(FakeReproduction.template(), root.resolve("old/cmpl-old-rank0.json"));
        try (ManifestWatcher w = ManifestWatcher.start(root, found::add, passedOver::add, Duration.ofSeconds(30), true)) {
            // A directory and its file created back to back: the file may exist before the directory is watched.
            Path occ2 = Files.createDirectories(root.resolve("occ2/deeper"));
            Files.copy(FakeReproduction.template(), occ2.resolve("cmpl-a-rank1.json"));
            Files.writeString(root.resolve("notes.json"), "{}");
            Files.writeString(root.resolve("cmpl-a-rank1.pt"), "payload bytes");
            // A label with a line break is still the probe's file name (CaptureDirectory's one rule).
            Files.copy(FakeReproduction.template(), root.resolve("cmpl-\nb-rank0.json"));

            Set<Path> reported = Set.of(found.poll(10, TimeUnit.SECONDS), found.poll(10, TimeUnit.SECONDS));
            assertEquals(Set.of(occ2.resolve("cmpl-a-rank1.json"), root.resolve("cmpl-\nb-rank0.json")), reported);
            passedOver.clear();
            Files.writeString(occ2.resolve("cmpl-a-rank1.json"), Files.readString(FakeReproduction.template()));
            awaitPassedOver(occ2.resolve("cmpl-a-rank1.json"));
            assertEquals(List.of(), List.copyOf(found), "a rewrite of a reported manifest, the old manifest and other files are not reported");
        }
    }

    @Test
    void aHalfWrittenManifestWaitsUntilItIsComplete() throws Exception {
        String text = Files.readString(FakeReproduction.template());
        try (ManifestWatcher w = ManifestWatcher.start(tmp, found::add, passedOver::add, Duration.ofSeconds(30), true)) {
            Path m = tmp.resolve("cmpl-x-rank0.json");
            Files.writeString(m, text.substring(0, text.length() / 2));
            awaitPassedOver(m);
            assertEquals(List.of(), List.copyOf(found), "not yet a manifest");
            Files.writeString(m, text);
            assertEquals(m, found.poll(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void withoutEventsThePeriodicRescanFindsNewManifests() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("capture"));
        Files.copy(FakeReproduction.template(), root.resolve("cmpl-old-rank0.json"));
        try (ManifestWatcher w = ManifestWatcher.start(root, found::add, passedOver::add, Duration.ofMillis(200), false)) {
            Files.createDirectories(root.resolve("occ1"));
            Files.copy(FakeReproduction.template(), root.resolve("occ1/cmpl-y-rank0.json"));
            assertEquals(root.resolve("occ1/cmpl-y-rank0.json"), found.poll(10, TimeUnit.SECONDS));
            // The next rescan looks at both again and reports neither.
            awaitPassedOver(root.resolve("occ1/cmpl-y-rank0.json"), root.resolve("cmpl-old-rank0.json"));
            assertEquals(List.of(), List.copyOf(found), "reported once, and never the manifest that was there first");
        }
    }

    /** Waits until the watcher has looked at each of {@code paths} and not reported it. */
    private void awaitPassedOver(Path... paths) throws InterruptedException {
        Set<Path> missing = new HashSet<>(List.of(paths));
        while (!missing.isEmpty()) {
            Path p = passedOver.poll(10, TimeUnit.SECONDS);
            assertNotNull(p, "the watcher never looked at " + missing);
            missing.remove(p);
        }
    }
}
