package dev.tdw.model.output;

import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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
}
