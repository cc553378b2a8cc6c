package dev.tdw.model.output;

import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where tdw may write: the cases a hostile or careless --out-dir tried (issue 15), on real and made-up captures. */
class OutputFolderPolicyTest {
    @TempDir Path tmp;

    /** {@code cap/occ1/x-rank0.{json,pt}} and {@code cap/occ2/...}: a run root with one folder per selection. */
    private Path runRoot() throws Exception {
        Path cap = tmp.resolve("cap");
        for (String occ : List.of("occ1", "occ2")) {
            Path d = Files.createDirectories(cap.resolve(occ));
            Files.writeString(d.resolve("cmpl-a-rank0.json"), "{}");
            Files.writeString(d.resolve("cmpl-a-rank0.pt"), "");
        }
        return cap;
    }

    @Test
    void aSiblingOfTheDumpsSelectionFolderIsInsideTheRunRoot() throws Exception {
        Path cap = runRoot();
        Path dump = cap.resolve("occ1/cmpl-a-rank0.pt");
        Path root = OutputFolderPolicy.captureRootOf(dump);
        assertEquals(cap.toRealPath(), root, "cap holds nothing but selection folders: it is the capture; the temp folder above is not");
        Optional<String> no = OutputFolderPolicy.refusal(cap.resolve("out"), List.of(root));
        assertEquals(Optional.of("lies inside the capture directory " + cap.toRealPath() + "; outputs never go into a capture"), no);
        assertEquals(Optional.empty(), OutputFolderPolicy.refusal(tmp.resolve("elsewhere"), List.of(root)));
    }

    @Test
    void aFolderHoldingManifestsIsACaptureWhateverRootsAreNamed() throws Exception {
        Path cap = runRoot();
        Optional<String> no = OutputFolderPolicy.refusal(cap.resolve("occ2"), List.of());
        assertTrue(no.orElseThrow().startsWith("is the capture directory " + cap.resolve("occ2").toRealPath()), no.get());
        assertTrue(OutputFolderPolicy.refusal(cap.resolve("occ2/deeper/still"), List.of()).isPresent());
    }

    @Test
    void linksAreResolvedBeforeTheCheck() throws Exception {
        Path cap = runRoot();
        Path link = Files.createSymbolicLink(tmp.resolve("innocent"), cap.resolve("occ1"));
        assertTrue(OutputFolderPolicy.refusal(link, List.of()).isPresent(), "a link to the dump's folder");
        assertTrue(OutputFolderPolicy.refusal(link.resolve("new"), List.of()).isPresent(), "a new folder under such a link");
        Path linkedRoot = Files.createSymbolicLink(tmp.resolve("via"), cap);
        assertTrue(OutputFolderPolicy.refusal(tmp.resolve("out"), List.of(linkedRoot)).isEmpty());
        assertTrue(OutputFolderPolicy.refusal(cap.resolve("x"), List.of(linkedRoot)).isPresent(), "a root named through a link");
    }

    @Test
    void theSharedCapturesAreProtected() throws Exception {
        Path capture = TestCaptures.scenario("replay-inputs").resolve("capture");
        Path root = OutputFolderPolicy.captureRootOf(capture.resolve("cmpl-replay-rank0.pt"));
        // replay-inputs/ holds expected-payload-capture-cmpl-replay-rank0.json, a manifest by name (as the loader sees it too).
        assertEquals(capture.getParent().toRealPath(), root);
        assertTrue(OutputFolderPolicy.refusal(capture.resolve("out"), List.of(root)).isPresent());
        Path chunked = TestCaptures.scenario("chunked-prefill").resolve("baseline");
        // baseline/ holds only selection folders; chunked-prefill/ above it holds expected-*-rank0.json files, manifests by name.
        assertEquals(chunked.getParent().toRealPath(), OutputFolderPolicy.captureRootOf(chunked.resolve("occ1/cmpl-a-rank0.pt")));
    }

    @Test
    void aFileIsNoFolderAndPrepareMakesTheFolderAndReturnsItsRealPath() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "x");
        assertEquals(Optional.of("is a file, not a folder"), OutputFolderPolicy.refusal(file, List.of()));
        OutputFolderException e = assertThrows(OutputFolderException.class, () -> OutputFolderPolicy.prepare(file, List.of()));
        assertEquals(file + ": is a file, not a folder", e.getMessage());

        Path made = OutputFolderPolicy.prepare(tmp.resolve("a/b/c"), List.of());
        assertTrue(Files.isDirectory(made));
        assertEquals(tmp.resolve("a/b/c").toRealPath(), made);
        Path cap = runRoot();
        assertThrows(OutputFolderException.class, () -> OutputFolderPolicy.prepare(cap.resolve("occ1/out"), List.of()));
        assertFalse(Files.exists(cap.resolve("occ1/out")), "nothing created in a capture");
    }

    @Test
    void aResultSetsFolderIsItsOwnNeverACaptureSetNorTheWorkingFolder() throws Exception {
        Set<String> names = Set.of("candidate.pt", "replay.json");
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        Files.createDirectories(runs.resolve("run1"));
        Files.writeString(runs.resolve("run1").resolve("cmpl-rank0.json"), "{}");
        assertEquals(Optional.empty(), OutputFolderPolicy.refusal(runs, List.of()), "not a capture itself");
        assertTrue(OutputFolderPolicy.resultSetRefusal(runs, List.of(), names).orElseThrow()
                .startsWith("holds captures (run1): it is a capture set or a folder of repeated runs"));

        Path earlier = Files.createDirectories(tmp.resolve("earlier"));
        Files.writeString(earlier.resolve("candidate.pt"), "x");
        Files.createSymbolicLink(earlier.resolve("replay.json"), tmp.resolve("elsewhere"));
        assertEquals(Optional.empty(), OutputFolderPolicy.resultSetRefusal(earlier, List.of(), names), "an earlier set, a planted link included");
        assertEquals(Optional.empty(), OutputFolderPolicy.resultSetRefusal(tmp.resolve("new"), List.of(), names));
        assertEquals(Optional.of("is the working folder; a result set replaces its folder as a whole, so name a folder of its own"),
                OutputFolderPolicy.resultSetRefusal(Path.of(""), List.of(), names));
    }

    private static final LocalDateTime AT = LocalDateTime.of(2026, 12, 2, 14, 12, 33);

    @Test
    void newFoldersAreReadableSortableAndNeverReused() throws Exception {
        Path first = OutputFolderPolicy.createNew(tmp.resolve("root"), "eager", AT, List.of());
        Path second = OutputFolderPolicy.createNew(tmp.resolve("root"), "eager", AT, List.of());
        assertEquals(tmp.resolve("root/2026-12-02_1412_eager").toRealPath(), first);
        assertEquals(tmp.resolve("root/2026-12-02_1412_eager-2").toRealPath(), second);
        Path spaced = OutputFolderPolicy.createNew(tmp.resolve("root"), "graph mode, tp2", AT, List.of());
        assertEquals(tmp.resolve("root/2026-12-02_1412_graph_mode__tp2").toRealPath(), spaced);
        Path proposal = OutputFolderPolicy.proposed(tmp.resolve("root"), "eager", AT);
        assertEquals(tmp.resolve("root/2026-12-02_1412_eager-3").toAbsolutePath(), proposal, "the proposal is what a run makes next");
        assertEquals(tmp.resolve("root").toRealPath().resolve(proposal.getFileName()), OutputFolderPolicy.createNew(tmp.resolve("root"), "eager", AT, List.of()));
        assertEquals("eager", OutputFolderPolicy.readableNameOf(first));
        assertEquals("notes", OutputFolderPolicy.readableNameOf(tmp.resolve("notes")));
        assertEquals("run", OutputFolderPolicy.safeName(".."));
        assertEquals("run", OutputFolderPolicy.safeName(" "));
        assertEquals("a_b", OutputFolderPolicy.safeName("a/b"));
    }

    @Test
    void aTakenNameIsNeverOverwrittenOrFollowed() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path existing = Files.createDirectories(root.resolve("2026-12-02_1412_eager"));
        Files.writeString(existing.resolve("cmpl-a-rank0.json"), "an earlier run's manifest");
        Files.writeString(root.resolve("2026-12-02_1412_eager-2"), "a file of that name");
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createSymbolicLink(root.resolve("2026-12-02_1412_eager-3"), elsewhere);
        Files.createSymbolicLink(root.resolve("2026-12-02_1412_eager-4"), tmp.resolve("dangling"));

        Path made = OutputFolderPolicy.createNew(root, "eager", AT, List.of());

        assertEquals(root.toRealPath().resolve("2026-12-02_1412_eager-5"), made);
        assertTrue(Files.isDirectory(made, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of(existing.resolve("cmpl-a-rank0.json")), Files.list(existing).toList(), "the existing capture is untouched");
        assertEquals(List.of(), Files.list(elsewhere).toList(), "a link of that name is not followed");
        assertFalse(Files.exists(tmp.resolve("dangling")), "a dangling link is not followed either");
    }

    @Test
    void aFolderReachedThroughALinkIsMadeAtItsRealPath() throws Exception {
        Path real = Files.createDirectories(tmp.resolve("real/captures"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("real"));
        Path made = OutputFolderPolicy.createNew(link.resolve("captures"), "eager", AT, List.of());
        assertEquals(real.toRealPath().resolve("2026-12-02_1412_eager"), made);
    }

    @Test
    void aNewFolderIsNeverMadeInsideACapture() throws Exception {
        Path cap = runRoot();
        OutputFolderException e = assertThrows(OutputFolderException.class,
                () -> OutputFolderPolicy.createNew(cap.resolve("occ1"), "eager", AT, List.of()));
        assertTrue(e.getMessage().startsWith(cap.resolve("occ1/2026-12-02_1412_eager").toAbsolutePath() + ": its folder is the capture directory "),
                e.getMessage());
        Path named = Files.createDirectories(tmp.resolve("runs/2026-12-01_0900_eager"));
        assertThrows(OutputFolderException.class, () -> OutputFolderPolicy.createNew(named, "eager-layers.3", AT, List.of(named)),
                "inside a capture root the caller names, even without manifests yet");
        Path link = Files.createSymbolicLink(tmp.resolve("into-capture"), cap.resolve("occ2"));
        assertThrows(OutputFolderException.class, () -> OutputFolderPolicy.createNew(link, "eager", AT, List.of()),
                "a link into a capture");
        assertEquals(List.of(), Files.list(cap.resolve("occ1")).filter(Files::isDirectory).toList(), "nothing created in a capture");
        assertEquals(List.of(), Files.list(named).toList());
        // Beside the named capture, outside it: allowed.
        Path beside = OutputFolderPolicy.createNew(named.getParent(), "eager-layers.3", AT, List.of(named));
        assertEquals(named.getParent().toRealPath().resolve("2026-12-02_1412_eager-layers.3"), beside);
    }

    @Test
    void theSuffixesAreBounded() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Files.createDirectory(root.resolve("2026-12-02_1412_eager"));
        for (int n = 2; n <= OutputFolderPolicy.MAX_SUFFIX; n++) Files.createDirectory(root.resolve("2026-12-02_1412_eager-" + n));
        OutputFolderException e = assertThrows(OutputFolderException.class, () -> OutputFolderPolicy.createNew(root, "eager", AT, List.of()));
        assertTrue(e.getMessage().endsWith("the names 2026-12-02_1412_eager to 2026-12-02_1412_eager-1000 are all taken"), e.getMessage());
    }

    @Test
    void onlyAnEmptyFolderIsRemoved() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("x-rank0.json"), "{}");
        assertTrue(OutputFolderPolicy.removeIfEmpty(empty));
        assertFalse(Files.exists(empty));
        assertFalse(OutputFolderPolicy.removeIfEmpty(full));
        assertTrue(Files.exists(full.resolve("x-rank0.json")));
        assertFalse(OutputFolderPolicy.removeIfEmpty(tmp.resolve("missing")));
    }

    @Test
    void aProposedFolderNeverNamesAnythingThatExistsEvenAnEmptyFolderOrADanglingLink() throws Exception {
        Path parent = Files.createDirectories(tmp.resolve("replays"));
        assertEquals(parent.resolve("a_b"), OutputFolderPolicy.firstFree(parent, "a b"), "named like every tdw folder");
        Files.createDirectory(parent.resolve("a_b"));
        Files.writeString(parent.resolve("a_b-2"), "a file");
        Files.createSymbolicLink(parent.resolve("a_b-3"), tmp.resolve("nowhere"));
        assertEquals(parent.resolve("a_b-4"), OutputFolderPolicy.firstFree(parent, "a b"));
        assertTrue(Files.notExists(parent.resolve("a_b-4")), "proposing makes nothing");
    }

    /** Copies a folder tree (a scenario's side) into {@code to}. */
    private static void copyTree(Path from, Path to) throws Exception {
        try (var walk = Files.walk(from)) {
            for (Path f : walk.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(t);
                else Files.copy(f, t);
            }
        }
    }

    @Test
    void aNewCaptureFromOneRunOfASetGoesBesideTheSetWhichStillOpensAsRuns() throws Exception {
        Path set = tmp.resolve("candidate");
        copyTree(TestCaptures.scenario("intermittent").resolve("candidate"), set);
        var site = OutputFolderPolicy.besideCapture(set.resolve("run3"), tmp.resolve("default"), p -> true);
        assertEquals(tmp, site.parent(), "not inside the runs set");
        assertEquals("candidate-run3", site.readableName(), "the set and the run it came from");
        assertTrue(site.note().startsWith("beside the runs set " + set), site.note());
        Path made = OutputFolderPolicy.createNew(site.parent(), site.readableName() + "-layers.4", AT, List.of(set.resolve("run3")));
        Path manifest;
        try (var files = Files.list(set.resolve("run3"))) {
            manifest = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        Files.copy(manifest, made.resolve(manifest.getFileName()));  // what the probe writes there
        var runs = dev.tdw.model.sets.RunFolders.of(dev.tdw.model.capture.CaptureDirectory.load(set));
        assertEquals(5, runs.size(), "the set still opens as runs");
        assertEquals(1, dev.tdw.model.capture.CaptureDirectory.load(made).manifests().size(), "the new capture opens too");

        // A run* folder among other folders is a capture of its own: the new one goes beside it.
        Files.createDirectories(tmp.resolve("mixed/run1"));
        Files.createDirectories(tmp.resolve("mixed/eager"));
        var plain = OutputFolderPolicy.besideCapture(tmp.resolve("mixed/run1"), tmp.resolve("default"), p -> true);
        assertEquals(tmp.resolve("mixed"), plain.parent());
        assertEquals("run1", plain.readableName());
        assertEquals("", plain.note());
    }

    @Test
    void aNewCaptureOfACaptureWhoseParentCannotBeWrittenGoesToTheWritableDefault() throws Exception {
        Path store = tmp.resolve("shared-store");
        Files.createDirectories(store.resolve("baseline"));
        var site = OutputFolderPolicy.besideCapture(store.resolve("baseline"), tmp.resolve("tdw-captures"), p -> !p.equals(store));
        assertEquals(tmp.resolve("tdw-captures"), site.parent());
        assertEquals("baseline", site.readableName());
        assertEquals(store + " is not writable", site.note());
        assertTrue(OutputFolderPolicy.writable(tmp.resolve("not/yet/made")), "a missing folder is judged by its nearest existing ancestor");
        Files.writeString(tmp.resolve("a-file"), "x");
        assertFalse(OutputFolderPolicy.writable(tmp.resolve("a-file/below")), "a file is in the way");
    }
}
