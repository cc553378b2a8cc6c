package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A key two manifests of one side claim is never resolved by folder order, and a run given twice is not two runs. The
 * scenario: the left is layer-bug's baseline; the right root holds an identical copy of it in {@code a/} and the divergent
 * candidate in {@code b/}. Folder order used to pair the left with {@code a/}: ALIGNED, exit 0, even with
 * {@code --fail-on-divergence}.
 */
class PairingAmbiguityCliTest {
    private static final String MANIFEST = "cmpl-layer-bug-rank0.json";
    @TempDir Path tmp;
    private Path left, right;

    @BeforeEach
    void copies() throws IOException {
        Path layerBug = TestCaptures.scenario("layer-bug");
        left = copy(layerBug.resolve("baseline"), tmp.resolve("left"));
        right = tmp.resolve("right");
        copy(layerBug.resolve("baseline"), right.resolve("a"));
        copy(layerBug.resolve("candidate"), right.resolve("b"));
    }

    /** A capture folder copied file by file (manifests and payloads). */
    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
        return to;
    }

    private static String error(CliBehaviourTest.Run r) throws Exception {
        assertEquals(2, r.exit(), r.out() + r.err());
        JsonNode json = r.json();
        assertEquals("failed", json.get("status").asText());
        return json.get("error").asText();
    }

    private void assertNamesBothCopies(String error) {
        assertTrue(error.startsWith("ambiguous pairing: label 'cmpl-layer-bug', rank 0, occurrence 1 is claimed by 2 manifests on the right ("
                + right.resolve("a").resolve(MANIFEST) + ", " + right.resolve("b").resolve(MANIFEST) + ")"), error);
    }

    @Test
    void aPlainDiffOverAnAmbiguousKeyIsUnusableInputNamingBothFiles() throws Exception {
        String error = error(tdw("diff", "--left", left.toString(), "--right", right.toString(), "--fail-on-divergence"));
        assertNamesBothCopies(error);
        assertFalse(error.contains("-runs"), "a/ and b/ are not run folders: " + error);
        // A selector that reaches the key does not make it less ambiguous; the text form and tensors refuse alike.
        assertNamesBothCopies(error(tdw("diff", "--left", left.toString(), "--right", right.toString(), "--label", "cmpl-layer-bug")));
        CliBehaviourTest.Run text = tdw("diff", "--left", left.toString(), "--right", right.toString(), "--format", "text");
        assertEquals(2, text.exit());
        assertTrue(text.err().contains("ambiguous pairing"), text.err());
        assertNamesBothCopies(error(tdw("tensors", "--left", left.toString(), "--right", right.toString())));
    }

    @Test
    void nextDoesNotSayThereIsNothingToCapture() throws Exception {
        assertNamesBothCopies(error(tdw("next", "--left", left.toString(), "--right", right.toString())));
    }

    @Test
    void everyPairListsTheAmbiguousKeyAndIsInconclusive() throws Exception {
        CliBehaviourTest.Run r = tdw("diff", "--left", left.toString(), "--right", right.toString(), "--all", "--fail-on-divergence");
        assertEquals(1, r.exit(), r.err());
        JsonNode json = r.json();
        assertEquals("INCONCLUSIVE", json.get("verdict").asText());
        assertEquals(0, json.get("unpaired_right").size());
        JsonNode a = json.get("ambiguous").get(0);
        assertEquals("cmpl-layer-bug", a.get("label").asText());
        assertEquals(List.of(left.resolve(MANIFEST).toString()), List.of(a.get("left").get(0).asText()));
        assertEquals(right.resolve("a").resolve(MANIFEST).toString(), a.get("right").get(0).asText());
        assertEquals(right.resolve("b").resolve(MANIFEST).toString(), a.get("right").get(1).asText());
        CliBehaviourTest.Run text = tdw("diff", "--left", left.toString(), "--right", right.toString(), "--all", "--format", "text");
        assertTrue(text.out().contains("ambiguous, not paired: label 'cmpl-layer-bug', rank 0, occurrence 1 is claimed by 2 manifests"), text.out());
        Path page = tmp.resolve("out/every-pair.html");
        Files.createDirectories(page.getParent());
        CliBehaviourTest.Run html = tdw("diff", "--left", left.toString(), "--right", right.toString(), "--all", "--format", "html",
                "--out", page.toString());
        assertEquals(0, html.exit(), html.err());
        String shown = Files.readString(page);
        assertTrue(shown.contains("<ul id=\"ambiguous\"><li>label &#39;cmpl-layer-bug&#39;, rank 0, occurrence 1 is claimed by 2 manifests"), shown);
        assertTrue(shown.contains(right.resolve("b").resolve(MANIFEST).toString()), shown);
    }

    @Test
    void runFoldersComparedAsOneCaptureAreRefusedWithTheRunsOption() throws Exception {
        Path identical = TestCaptures.scenario("identical");
        Path runs = tmp.resolve("runs");
        copy(identical.resolve("run1"), runs.resolve("run1"));
        copy(identical.resolve("run2"), runs.resolve("run2"));
        // Folder order used to compare run1 alone: ALIGNED, exit 0.
        String error = error(tdw("diff", "--left", runs.toString(), "--right", identical.resolve("run1").toString(), "--fail-on-divergence"));
        assertTrue(error.endsWith("or compare the repeated runs with --left-runs " + runs), error);

        Path intermittent = TestCaptures.scenario("intermittent");
        String both = error(tdw("diff", "--left", intermittent.resolve("baseline").toString(), "--right", intermittent.resolve("candidate").toString()));
        assertTrue(both.contains("by 4 manifests on the left") && both.contains("and by 5 manifests on the right"), both);
        assertTrue(both.endsWith("--left-runs " + intermittent.resolve("baseline") + " and --right-runs " + intermittent.resolve("candidate")), both);
    }

    @Test
    void theSameRunGivenTwiceIsRefusedNamingTheOptionAndThePath() throws Exception {
        Path run = TestCaptures.scenario("intermittent").resolve("baseline/run1");
        String other = TestCaptures.scenario("intermittent").resolve("candidate/run1").toString();
        String twice = error(tdw("diff", "--left", run.toString(), "--left", run.toString(), "--right", other));
        assertTrue(twice.startsWith("--left " + run + " is given twice (both are " + run.resolve("cmpl-flaky-rank0.json").toRealPath() + ")"), twice);

        Path link = Files.createSymbolicLink(tmp.resolve("link"), run);
        String viaLink = error(tdw("diff", "--left", run.toString(), "--left", link.toString(), "--right", other));
        assertTrue(viaLink.startsWith("--left " + link + " is the same run as --left " + run), viaLink);
        assertTrue(error(tdw("diff", "--left", run.toString(), "--right", other, "--right", other)).startsWith("--right " + other + " is given twice"));
        String sameRun = error(tdw("diff", "--left", run.toString(), "--left", link.resolve("cmpl-flaky-rank0.json").toString(), "--right", other));
        assertTrue(sameRun.startsWith("--left " + link.resolve("cmpl-flaky-rank0.json") + " is the same run as --left " + run), sameRun);
    }
}
