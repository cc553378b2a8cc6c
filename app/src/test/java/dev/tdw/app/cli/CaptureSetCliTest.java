package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The capture-set modes of {@code tdw diff}: exit codes, text output, run folders and refused combinations. */
class CaptureSetCliTest {
    @TempDir Path tmp;

    private static Path intermittent(String side) { return TestCaptures.scenario("intermittent").resolve(side); }

    private static List<String> runsArgs(String option, String side, int... runs) {
        List<String> a = new ArrayList<>();
        for (int r : runs) {
            a.add(option);
            a.add(intermittent(side).resolve("run" + r).toString());
        }
        return a;
    }

    private static CliBehaviourTest.Run diff(List<String> args) {
        List<String> all = new ArrayList<>(List.of("diff"));
        all.addAll(args);
        return tdw(all.toArray(String[]::new));
    }

    @Test
    void intermittentRunsFailOnDivergenceButRunsWithinNoiseDoNot() throws Exception {
        List<String> bad = new ArrayList<>(runsArgs("--left", "baseline", 1, 2, 3, 4));
        bad.addAll(runsArgs("--right", "candidate", 1, 2, 3, 4, 5));
        bad.add("--fail-on-divergence");
        CliBehaviourTest.Run r = diff(bad);
        assertEquals(1, r.exit(), r.err());
        assertEquals("INTERMITTENT", r.json().get("verdict").asText());

        List<String> good = new ArrayList<>(runsArgs("--left", "baseline", 1, 2, 3, 4));
        good.addAll(runsArgs("--right", "candidate", 1, 2, 4, 5));
        good.add("--fail-on-divergence");
        CliBehaviourTest.Run g = diff(good);
        assertEquals(0, g.exit(), g.err());
        assertEquals("WITHIN_NOISE", g.json().get("verdict").asText());
    }

    @Test
    void aFolderOfRunFoldersIsTheSameAsRepeatingTheSide() throws Exception {
        List<String> repeated = new ArrayList<>(runsArgs("--left", "baseline", 1, 2, 3, 4));
        repeated.addAll(runsArgs("--right", "candidate", 1, 2, 3, 4, 5));
        JsonNode a = diff(repeated).json();
        CliBehaviourTest.Run folders = tdw("diff", "--left-runs", intermittent("baseline").toString(),
                "--right-runs", intermittent("candidate").toString());
        assertEquals(0, folders.exit(), folders.err());
        assertEquals(a.get("runs"), folders.json().get("runs"));
        assertEquals(a.get("right_runs"), folders.json().get("right_runs"));
    }

    @Test
    void aLargerNoiseFactorTakesTheBadRunBackIntoTheNoise() throws Exception {
        List<String> args = new ArrayList<>(runsArgs("--left", "baseline", 1, 2, 3, 4));
        args.addAll(runsArgs("--right", "candidate", 3));
        assertEquals("DIVERGENT", diff(args).json().get("verdict").asText());
        args.addAll(List.of("--noise-factor", "100"));
        JsonNode wide = diff(args).json();
        assertEquals(100.0, wide.get("noise_factor").asDouble());
        assertEquals("WITHIN_NOISE", wide.get("verdict").asText());
    }

    @Test
    void runsAsTextShowTheTableTheBadRunAndTheCaveat() {
        CliBehaviourTest.Run r = tdw("diff", "--left-runs", intermittent("baseline").toString(),
                "--right-runs", intermittent("candidate").toString(), "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("verdict: INTERMITTENT (1 of 5 runs beyond noise)"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("run3") && l.contains("DIVERGENT")
                && l.contains("layers.4.self_attn.attn_out#0 (order 48): statistics")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("run1") && l.contains("WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)")), r.out());
    }

    @Test
    void everyPairAsTextIsAGridWithTheOriginMarked() {
        Path s = TestCaptures.scenario("chunked-prefill");
        CliBehaviourTest.Run r = tdw("diff", "--left", s.resolve("baseline").toString(), "--right", s.resolve("candidate").toString(),
                "--all", "--format", "text", "--fail-on-divergence");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.out().contains("first divergent forward: cmpl-a match 1 occ 2, origin rank 0, 1 at runner.positions#0 (order 1)"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("cmpl-b match 2 occ 1") && l.contains("ALIGNED")), r.out());
    }

    @Test
    void refusedCombinationsAreUnusableInputWithAReason() throws Exception {
        Path s = TestCaptures.scenario("tp4-origin");
        String file = s.resolve("baseline/cmpl-tp-rank0.json").toString();
        assertRefused(List.of("--left", file, "--right", file, "--all"), "must both be directories");
        assertRefused(List.of("--left", file, "--right", file, "--noise-factor", "2"), "--noise-factor applies to repeated runs");
        assertRefused(List.of("--left", file, "--left", file, "--right", file, "--all"), "choose one");
        assertRefused(List.of("--left", s.resolve("baseline").toString(), "--right", s.resolve("candidate").toString(), "--all", "--rank", "2"),
                "choose one pair");
        assertRefused(List.of("--left", s.resolve("baseline").toString(), "--left", file, "--right", file),
                "holds 4 manifests; a run is one manifest");
        assertRefused(List.of("--left-runs", intermittent("baseline").toString(), "--left", file, "--right", file), "not both");
        Files.copy(Path.of(file), tmp.resolve("cmpl-tp-rank0.json"));
        assertRefused(List.of("--left-runs", tmp.toString(), "--right", file), "cmpl-tp-rank0.json is not directly inside a run*/ folder");
        assertRefused(List.of("--right", file), "give --left and --right");
        assertRefused(List.of("--left", s.resolve("baseline").toString(), "--right", s.resolve("candidate").toString(), "--all",
                "--format", "html"), "--format html needs --out FILE");
        assertRefused(List.of("--left", s.resolve("baseline").toString(), "--right", s.resolve("candidate").toString(), "--all",
                "--format", "html", "--out", s.resolve("candidate/r.html").toString()), "outputs never go into a capture");
        List<String> negative = new ArrayList<>(runsArgs("--left", "baseline", 1, 2));
        negative.addAll(List.of("--right", file, "--noise-factor", "-1"));
        assertRefused(negative, "'-1': not a finite number >= 0");
    }

    private static void assertRefused(List<String> args, String why) throws Exception {
        CliBehaviourTest.Run r = diff(args);
        assertEquals(2, r.exit(), () -> args + ": " + r.out());
        JsonNode json = r.json();
        assertEquals("failed", json.get("status").asText());
        assertTrue(json.get("error").asText().contains(why), () -> "error should say '" + why + "': " + json.get("error"));
    }
}
