package dev.tdw.model.capture;

import dev.tdw.model.testing.ManifestJson;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CaptureDirectoryTest {
    @TempDir Path tmp;

    @Test
    void walksSubDirectoriesAndIndexesByLabelOccurrenceAndRank() throws Exception {
        CaptureDirectory d = CaptureDirectory.load(TestCaptures.scenario("chunked-prefill").resolve("baseline"));
        assertEquals(8, d.manifests().size());
        assertTrue(d.problems().isEmpty(), d.problems().toString());
        assertEquals(List.of("cmpl-a", "cmpl-b"), d.labels());
        Manifest occ2 = d.select("cmpl-a", 2, 1).get(0);
        assertTrue(occ2.path().endsWith(Path.of("occ2", "cmpl-a-rank1.json")));
        assertEquals(8, ((Number) occ2.metadata().get("num_computed_tokens")).intValue());
        assertTrue(Files.isRegularFile(d.payloadOf(occ2).orElseThrow()));
    }

    @Test
    void aKilledRunLoadsWhatIsWholeAndListsTheRest() throws Exception {
        new ManifestJson("whole").write(tmp);
        Files.writeString(tmp.resolve("truncated-rank0.json"), "{\"records\": [{\"stage\": ");
        Files.write(tmp.resolve("orphan-rank0.pt"), new byte[] {1, 2, 3});
        new ManifestJson("nopayload").top("tensor_file", "\"nopayload-rank0.pt\"").write(tmp);
        CaptureDirectory d = CaptureDirectory.load(tmp);
        assertEquals(List.of("nopayload", "whole"), d.manifests().stream().map(Manifest::label).sorted().toList());
        List<String> problems = d.problems().stream().map(LoadProblem::message).toList();
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("truncated-rank0.json") && p.contains("invalid JSON")));
        assertTrue(problems.stream().anyMatch(p -> p.contains("orphan-rank0.pt") && p.contains("without a manifest")));
        assertTrue(problems.stream().anyMatch(p -> p.contains("nopayload-rank0.json") && p.contains("missing")));
    }

    @Test
    void payloadNamesThatEscapeTheCaptureAreRefused() throws Exception {
        Path cap = tmp.resolve("cap");
        for (String name : List.of("../secret.pt", "/etc/passwd", "sub/../../x.pt", "..")) {
            Files.createDirectories(cap);
            new ManifestJson("esc").top("tensor_file", "\"" + name + "\"").write(cap);
            CaptureDirectory d = CaptureDirectory.load(cap);
            assertTrue(d.problems().get(0).message().contains("refused"), name + ": " + d.problems());
            Manifest m = d.manifests().get(0);
            assertThrows(CaptureFormatException.class, () -> d.payloadOf(m), name);
        }
    }

    @Test
    void linksLeadingOutsideAreNotFollowed() throws Exception {
        Path outside = tmp.resolve("outside");
        new ManifestJson("secret").write(outside);
        Files.write(outside.resolve("real.pt"), new byte[] {1});
        Path cap = tmp.resolve("cap");
        new ManifestJson("inside").top("tensor_file", "\"inside-rank0.pt\"").write(cap);
        Files.createSymbolicLink(cap.resolve("inside-rank0.pt"), outside.resolve("real.pt"));
        Files.createSymbolicLink(cap.resolve("linked"), outside);
        CaptureDirectory d = CaptureDirectory.load(cap);
        assertEquals(List.of("inside"), d.manifests().stream().map(Manifest::label).toList());
        assertThrows(CaptureFormatException.class, () -> d.payloadOf(d.manifests().get(0)));
        assertTrue(d.problems().stream().anyMatch(p -> p.message().contains("outside the capture directory")), d.problems().toString());
    }

    @Test
    void linksInsideAreFollowedOnceAndLoopsStop() throws Exception {
        Path cap = tmp.resolve("cap");
        new ManifestJson("a").write(cap.resolve("real"));
        Files.createSymbolicLink(cap.resolve("alias"), cap.resolve("real"));
        Files.createSymbolicLink(cap.resolve("real").resolve("loop"), cap);
        Files.createSymbolicLink(cap.resolve("a-rank1.json"), cap.resolve("real/a-rank0.json"));
        CaptureDirectory d = CaptureDirectory.load(cap);
        // One file is one capture however many links lead to it; a link back up adds nothing and ends.
        assertEquals(List.of(cap.resolve("a-rank1.json")), d.manifests().stream().map(Manifest::path).toList());
        assertTrue(d.problems().isEmpty(), d.problems().toString());
    }

    @Test
    void aPayloadReachedThroughAnInsideLinkIsItsManifestsNotAnOrphan() throws Exception {
        Path cap = tmp.resolve("linked");
        new ManifestJson("a").top("tensor_file", "\"a-rank0.pt\"").write(cap.resolve("real"));
        Files.write(cap.resolve("real/a-rank0.pt"), new byte[] {1});
        Files.createSymbolicLink(cap.resolve("alias"), cap.resolve("real"));
        Files.createSymbolicLink(cap.resolve("also-rank0.pt"), cap.resolve("real/a-rank0.pt"));
        for (int i = 0; i < 30; i++) Files.createSymbolicLink(cap.resolve("link" + i), cap.resolve("real"));
        CaptureDirectory d = CaptureDirectory.load(cap);
        assertEquals(1, d.manifests().size(), "31 ways to one manifest are one capture");
        assertTrue(d.problems().isEmpty(), d.problems().toString());
        assertEquals(cap.resolve("real/a-rank0.pt").toRealPath(), d.payloadOf(d.manifests().get(0)).orElseThrow().toRealPath());
    }

    /** 10 links per level, 7 levels: 10^7 paths to one small tree, which is searched once, each directory once. */
    @Test
    void directoryLinksDoNotMultiplyTheWalk() throws Exception {
        Path cap = tmp.resolve("fan");
        Path level = cap;
        for (int depth = 0; depth < 7; depth++) {
            Path next = Files.createDirectories(level.resolve("d" + depth));
            for (int link = 0; link < 10; link++) Files.createSymbolicLink(level.resolve("l" + link), next);
            level = next;
        }
        new ManifestJson("deep").write(level);
        CaptureDirectory d = CaptureDirectory.load(cap);
        assertEquals(1, d.manifests().size());
        assertTrue(d.problems().isEmpty(), d.problems().toString());
    }

    @Test
    void whatIsNotLoadedIsListedWithWhy() throws Exception {
        Path cap = tmp.resolve("odd");
        Path deep = cap;
        for (int i = 0; i <= CaptureDirectory.MAX_DEPTH; i++) deep = deep.resolve("x");
        new ManifestJson("deep").write(deep);
        Files.writeString(cap.resolve("nl\nname-rank0.json"), "{\"records\": []}");
        dev.tdw.model.testing.SpecialFiles.fifo(cap.resolve("fifo-rank0.json"));
        dev.tdw.model.testing.SpecialFiles.fifo(cap.resolve("orphan-rank0.pt"));
        CaptureDirectory d = CaptureDirectory.load(cap);
        List<String> problems = d.problems().stream().map(LoadProblem::message).sorted().toList();
        assertTrue(problems.stream().anyMatch(p -> p.contains("more than 32 directory levels below the capture root (limit); not searched")), problems.toString());
        assertTrue(problems.contains(cap.resolve("fifo-rank0.json") + ": not a regular file (a FIFO, socket or device); not read"), problems.toString());
        assertTrue(problems.contains(cap.resolve("orphan-rank0.pt") + ": not a regular file (a FIFO, socket or device); not read"), problems.toString());
        // A name with a newline is still a manifest's name: read, and shown escaped.
        assertTrue(d.manifests().stream().anyMatch(m -> m.path().getFileName().toString().equals("nl\nname-rank0.json")));
    }

    /**
     * A manifest replaced by a FIFO after the walk found it (a capture still being written, or an attacker racing the
     * load) is refused when it is opened, not read: the load ends with it listed and the other manifests loaded. The
     * swap happens in the progress report the load makes between the walk and the first read, on one reader thread and
     * on several. Without the check of the opened file the read blocks until a writer appears, i.e. forever.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, ManifestBatch.MAX_THREADS})
    @org.junit.jupiter.api.Timeout(value = 30, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aManifestSwappedForAFifoAfterTheWalkIsListedNotWaitedFor(int readThreads) throws Exception {
        Path cap = tmp.resolve("racing");
        Files.createDirectories(cap);
        for (String label : List.of("a", "b", "c", "d")) new ManifestJson(label).write(cap);
        Path swapped = cap.resolve("b-rank0.json");
        java.util.concurrent.atomic.AtomicInteger swaps = new java.util.concurrent.atomic.AtomicInteger();
        LoadProgress swapAfterWalk = new LoadProgress() {
            @Override
            public void progress(long done, long total, String what) {
                if (!what.startsWith("found ") || swaps.getAndIncrement() > 0) return;
                try {
                    Files.delete(swapped);
                    dev.tdw.model.testing.SpecialFiles.fifo(swapped);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        CaptureDirectory d = CaptureDirectory.load(cap, new ManifestReader(), swapAfterWalk, readThreads);
        assertEquals(1, swaps.get(), "the load reports the walk's end once, before reading");
        assertEquals(List.of("a", "c", "d"), d.manifests().stream().map(Manifest::label).toList());
        assertEquals(List.of(swapped + ": not a regular file (a FIFO, socket or device)"),
                d.problems().stream().filter(p -> p.kind() == LoadProblem.Kind.UNREADABLE_MANIFEST).map(LoadProblem::message).toList());
    }

    @Test
    void loadingNeverWritesIntoTheCapture() throws Exception {
        Path root = TestCaptures.scenario("chunked-prefill");
        List<String> before = listing(root);
        CaptureDirectory.load(root);
        assertEquals(before, listing(root));
    }

    private static List<String> listing(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.map(p -> p + ":" + p.toFile().lastModified() + ":" + p.toFile().length()).sorted().toList();
        }
    }

    /** One dangling link named like a manifest or payload used to abort the whole walk ("cannot walk"). */
    @Test
    void danglingLinksAreListedAndTheRestLoads() throws Exception {
        new ManifestJson("whole").write(tmp);
        Files.createSymbolicLink(tmp.resolve("ghost-rank0.json"), tmp.resolve("nowhere.json"));
        Files.createSymbolicLink(tmp.resolve("ghost-rank0.pt"), tmp.resolve("nowhere.pt"));
        CaptureDirectory d = CaptureDirectory.load(tmp);
        assertEquals(List.of("whole"), d.manifests().stream().map(Manifest::label).toList());
        assertEquals(2, d.problems().size(), d.problems().toString());
        assertTrue(d.problems().stream().allMatch(p -> p.message().contains("ghost-rank0") && p.message().contains("dangling link")),
                d.problems().toString());
    }

    /** A NUL in tensor_file used to escape load() as an unchecked InvalidPathException. */
    @Test
    void payloadNamesThatAreNoFileNamesAreRefused() throws Exception {
        new ManifestJson("nul").top("tensor_file", "\"a\\u0000b.pt\"").write(tmp);
        CaptureDirectory d = CaptureDirectory.load(tmp);
        assertEquals(1, d.manifests().size());
        assertEquals(List.of(tmp.resolve("nul-rank0.json") + ": loaded, payload refused: tensor_file 'a\\u0000b.pt' is not a valid file name here"),
                d.problems().stream().map(LoadProblem::message).toList());
        assertThrows(CaptureFormatException.class, () -> d.payloadOf(d.manifests().get(0)));
    }

    /** Every *.json and *.pt that was not used is listed with why; a manifest whose payload is refused still loads. */
    @Test
    void everyUnusedJsonAndPtIsListedWithWhy() throws Exception {
        new ManifestJson("whole").write(tmp);
        Files.writeString(tmp.resolve("notes.json"), "{\"not\": \"a manifest\"}");
        Files.createDirectories(tmp.resolve("sub"));
        Files.writeString(tmp.resolve("sub").resolve("broken.json"), "{");
        Files.write(tmp.resolve("stray.pt"), new byte[] {1});
        Files.writeString(tmp.resolve("cut-rank0.json"), "{\"records\": [");
        Files.write(tmp.resolve("cut-rank0.pt"), new byte[] {1});
        new ManifestJson("escapes").top("tensor_file", "\"../outside.pt\"").write(tmp);
        new ManifestJson("lost").top("tensor_file", "\"lost-rank0.pt\"").write(tmp);
        CaptureDirectory d = CaptureDirectory.load(tmp);
        assertEquals(List.of("escapes", "lost", "whole"), d.manifests().stream().map(Manifest::label).sorted().toList());
        java.util.Map<String, LoadProblem> byName = new java.util.TreeMap<>();
        for (LoadProblem p : d.problems()) byName.put(p.file().getFileName().toString(), p);
        assertEquals(java.util.Set.of("notes.json", "broken.json", "stray.pt", "cut-rank0.json", "cut-rank0.pt", "escapes-rank0.json",
                "lost-rank0.json"), byName.keySet(), d.problems().toString());
        assertEquals(LoadProblem.Kind.NOT_A_PROBE_MANIFEST, byName.get("notes.json").kind());
        assertEquals(tmp.resolve("notes.json") + ": not a probe manifest (the probe names its manifests {label}-rank{N}.json); not read",
                byName.get("notes.json").message());
        assertEquals(LoadProblem.Kind.NOT_A_PROBE_MANIFEST, byName.get("broken.json").kind(), "in a sub-folder too");
        assertEquals(LoadProblem.Kind.PAYLOAD_OF_NO_MANIFEST, byName.get("stray.pt").kind());
        assertEquals(LoadProblem.Kind.UNREADABLE_MANIFEST, byName.get("cut-rank0.json").kind());
        assertEquals(LoadProblem.Kind.PAYLOAD_OF_UNREADABLE_MANIFEST, byName.get("cut-rank0.pt").kind());
        assertTrue(byName.get("cut-rank0.pt").message().endsWith("payload of cut-rank0.json, which could not be read"));
        // Loaded, payload refused: not "could not be used".
        LoadProblem escapes = byName.get("escapes-rank0.json");
        assertEquals(LoadProblem.Kind.PAYLOAD_NOT_USED, escapes.kind());
        assertTrue(escapes.kind().manifestLoaded());
        assertEquals(tmp.resolve("escapes-rank0.json") + ": loaded, payload refused: tensor_file '../outside.pt' is not a plain file name"
                + " beside the manifest", escapes.message());
        assertEquals(tmp.resolve("lost-rank0.json") + ": loaded, payload missing: names payload lost-rank0.pt, which is missing",
                byName.get("lost-rank0.json").message());
        assertEquals(5, LoadProblem.filesNotUsed(d.problems()));
        assertEquals(2, LoadProblem.payloadsNotUsed(d.problems()));
    }

    @Test
    void aPayloadNameThatIsADirectoryIsListed() throws Exception {
        new ManifestJson("dir").top("tensor_file", "\"dir-rank0.pt\"").write(tmp);
        Files.createDirectory(tmp.resolve("dir-rank0.pt"));
        CaptureDirectory d = CaptureDirectory.load(tmp);
        assertTrue(d.problems().get(0).message().endsWith("names payload dir-rank0.pt, which is not a regular file"),
                d.problems().toString());
    }

    @Test
    void cancellingStopsTheWalkAndTheReads() throws Exception {
        for (int i = 0; i < 5; i++) new ManifestJson("m" + i).write(tmp.resolve("occ" + i));
        java.util.concurrent.atomic.AtomicInteger polls = new java.util.concurrent.atomic.AtomicInteger();
        for (int cancelAfter : new int[] {2, 8}) {
            polls.set(0);
            LoadProgress progress = new LoadProgress() {
                @Override
                public boolean cancelled() {
                    return polls.incrementAndGet() > cancelAfter;
                }
            };
            assertThrows(java.util.concurrent.CancellationException.class,
                    () -> CaptureDirectory.load(tmp, new ManifestReader(), progress));
            assertEquals(cancelAfter + 1, polls.get(), "no poll after the cancellation");
        }
        assertEquals(5, CaptureDirectory.load(tmp).manifests().size());
    }

    @Test
    void aMissingDirectoryIsAnError() {
        assertTrue(assertThrows(CaptureFormatException.class, () -> CaptureDirectory.load(tmp.resolve("nope"))).getMessage().contains("not found"));
    }
}
