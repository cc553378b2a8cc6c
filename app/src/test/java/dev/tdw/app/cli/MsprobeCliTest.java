package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.Wording;
import dev.tdw.model.testing.TestCaptures;
import dev.tdw.model.msprobe.MsprobePairingTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The findings of testdata/captures/msprobe/README.md's table through the command line, one test per scenario (dumps
 * written by msprobe itself): the first divergence names the defect's own op, the origin rank is the rank that made
 * the difference, and a checksum says it cannot tell noise from a defect.
 */
class MsprobeCliTest {
    private static String dump(String scenario, String variant) {
        return TestCaptures.scenario("msprobe").resolve(scenario).resolve(variant).toString();
    }

    private static JsonNode json(String... args) throws Exception {
        CliBehaviourTest.Run run = tdw(args);
        assertEquals(0, run.exit(), run.err());
        return Json.mapper().readTree(run.out());
    }

    private static JsonNode diff(String scenario, String variant, String... more) throws Exception {
        return json(concat(new String[]{"diff", "--left", dump(scenario, "baseline"), "--right", dump(scenario, variant)}, more));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** s1: rope at add 17 (its scalar 0 vs 1), gate at mul 28 (1.0 vs 1.01); noise: nothing beyond a tolerance. */
    @Test
    void s1RopeGateAndNoise() throws Exception {
        JsonNode rope = diff("s1_single_stat_mix_fp32", "candidate_rope");
        assertEquals("msprobe", rope.get("format").asText());
        assertEquals("DIVERGENT", rope.get("verdict").asText());
        assertEquals("Tensor.__add__.17.forward.input.1#0", rope.get("first_divergent").get("key").asText());
        assertEquals("[\"value\"]", rope.get("first_divergent").get("reasons").toString());

        JsonNode gate = diff("s1_single_stat_mix_fp32", "candidate_gate");
        assertEquals("Tensor.__mul__.28.forward.input.1#0", gate.get("first_divergent").get("key").asText());

        JsonNode noise = diff("s1_single_stat_mix_fp32", "repeat_noise", "--atol", "1e-6", "--rtol", "1e-3");
        assertTrue(noise.get("first_divergent").isNull(), noise.get("first_divergent").toString());

        // One dump.json each, and the text names the format and words the argument's finding.
        String text = tdw("diff", "--left", dump("s1_single_stat_mix_fp32", "baseline") + "/step0/rank0/dump.json",
                "--right", dump("s1_single_stat_mix_fp32", "candidate_rope") + "/step0/rank0/dump.json", "--format", "text").out();
        assertTrue(text.startsWith("format: msprobe dump"), text);
        assertTrue(text.contains("Tensor.__add__.17.forward.input.1#0") && text.contains(Wording.VALUE_MEANING), text);
    }

    /**
     * The window's op detail is reported by the command line too, for the first divergence: s1 rope's op, modules,
     * scalar argument 0 vs 1 and call stack in JSON ({@code first_divergent_op}), text and HTML; a probe capture's
     * output has no such field.
     */
    @Test
    void theFirstDivergencesOpInJsonTextAndHtml(@TempDir Path tmp) throws Exception {
        JsonNode op = diff("s1_single_stat_mix_fp32", "candidate_rope").get("first_divergent_op");
        assertEquals("Tensor.__add__.17.forward", op.get("op").asText());
        assertEquals("forward", op.get("direction").asText());
        assertEquals("[\"Module.model.TinyModel.forward.0\",\"Module.model.layers.2.DecoderLayer.forward.0\","
                + "\"Module.model.layers.2.self_attn.Attention.forward.0\"]", op.get("modules").toString());
        assertEquals("[{\"name\":\"input.1\",\"left\":\"int 0\",\"right\":\"int 1\",\"differs\":true}]", op.get("arguments").toString());
        assertTrue(op.get("group_ranks").isNull());
        assertTrue(op.get("stack").get(0).asText().startsWith("File /home/user/repro/gen/tinylm.py, line 127, in forward"), op.toString());
        assertEquals("left", op.get("stack_side").asText());
        assertFalse(op.get("stack_differs").asBoolean());
        assertTrue(op.get("text").asText().endsWith("argument input.1 differs: int 0 vs int 1"), op.toString());

        String text = tdw("diff", "--left", dump("s1_single_stat_mix_fp32", "baseline"), "--right",
                dump("s1_single_stat_mix_fp32", "candidate_rope"), "--format", "text").out();
        assertTrue(text.contains("first divergent: Tensor.__add__.17.forward.input.1#0 (order 376) reasons value\n"
                + "first divergent op: Tensor.__add__.17.forward (forward)\n"
                + "  in: Module.model.TinyModel.forward.0 › Module.model.layers.2.DecoderLayer.forward.0 › Module.model.layers.2.self_attn.Attention.forward.0\n"
                + "  argument input.1: left int 0, right int 1  DIFFERS\n"
                + "  call stack (stack.json):\n"
                + "    File /home/user/repro/gen/tinylm.py, line 127, in forward,\n"
                + "        pos = positions + offset"), text);

        Path page = tmp.resolve("rope.html");
        assertEquals(0, tdw("diff", "--left", dump("s1_single_stat_mix_fp32", "baseline"), "--right",
                dump("s1_single_stat_mix_fp32", "candidate_rope"), "--format", "html", "--out", page.toString()).exit());
        String html = java.nio.file.Files.readString(page);
        assertTrue(html.contains("<h3 id=\"first-divergent-op\">msprobe op: Tensor.__add__.17.forward (forward)</h3>"), html);
        assertTrue(html.contains("<tr><td>input.1</td><td class=\"bad\">int 0</td><td class=\"bad\">int 1</td></tr>"), html);
        assertTrue(html.contains("pos = positions + offset"), html);

        JsonNode probe = json("diff", "--left", TestCaptures.scenario("layer-bug").resolve("baseline").toString(),
                "--right", TestCaptures.scenario("layer-bug").resolve("candidate").toString());
        assertFalse(probe.has("first_divergent_op"), "a probe capture's output is unchanged");
    }

    /** The inputs line names what msprobe dumps carry (no request metadata) and the pair, not a missing token id. */
    @Test
    void theInputsLineSaysMsprobeDumpsRecordNoTokenIds() throws Exception {
        JsonNode inputs = diff("s5_tp2_stat_mix", "candidate_gate_rank1", "--rank", "1").get("inputs");
        assertEquals("NOT_RECORDED", inputs.get("verdict").asText());
        assertEquals("inputs not recorded: msprobe dump (MindStudio Probe dump.json) carries no token ids; step0 · rank 1 against"
                + " step0 · rank 1: that both ran the same input is yours to know", inputs.get("text").asText());
    }

    /**
     * Each scenario's text output, pinned by a golden in its {@code expected/} (the findings of the README's table are
     * asserted above; these keep the rest of what a reader sees, the first divergence's op included, from drifting).
     */
    @ParameterizedTest(name = "{0}/expected/{1}")
    @CsvSource(delimiter = '|', value = {
        "s1_single_stat_mix_fp32|diff-candidate_rope.txt|diff --left baseline --right candidate_rope --format text",
        "s4_single_tensor_mix_layers12|diff-tensors-candidate_rope.txt|diff --left baseline --right candidate_rope --tensors --format text",
        "s5_tp2_stat_mix|diff-candidate_gate_rank1.txt|diff --left baseline --right candidate_gate_rank1 --format text",
        "s5_tp2_stat_mix|diff-all-candidate_gate_rank1.txt|diff --left baseline --right candidate_gate_rank1 --all --format text",
        "s8_single_md5_L1|diff-candidate_gate.txt|diff --left baseline --right candidate_gate --format text"})
    void textGoldens(String scenario, String golden, String argv) throws Exception {
        Path base = TestCaptures.scenario("msprobe").resolve(scenario);
        CliGoldenTest.Result r = CliGoldenTest.run(base, List.of(argv.split(" ")));
        assertEquals(0, r.exit(), r.err());
        assertEquals(java.nio.file.Files.readString(base.resolve("expected").resolve(golden), java.nio.charset.StandardCharsets.UTF_8),
                r.out().replace(base + "/", ""));
    }

    /** s5: rank 1 originates at mul 28; rank 0 first differs at all_reduce 5's output, its input unchanged. */
    @Test
    void s5OriginRankIsRank1() throws Exception {
        JsonNode all = json("diff", "--left", dump("s5_tp2_stat_mix", "baseline"), "--right", dump("s5_tp2_stat_mix", "candidate_gate_rank1"), "--all");
        assertEquals("msprobe", all.get("format").asText());
        JsonNode f = all.get("forwards").get(0);
        assertEquals("[0,1]", f.get("divergent_ranks").toString());
        assertEquals("[1]", f.get("origin_ranks").toString());
        assertEquals("Tensor.__mul__.28.forward.input.1#0", f.get("origin").get("key").asText());
        // The origin's op, as the window's detail shows it: the gate's scalar 1.0 vs 1.01 in layer 2's MLP.
        JsonNode op = f.get("origin").get("op");
        assertEquals("Tensor.__mul__.28.forward", op.get("op").asText());
        assertEquals("[{\"name\":\"input.1\",\"left\":\"float 1.0\",\"right\":\"float 1.01\",\"differs\":true}]",
                op.get("arguments").toString());
        assertEquals("Module.model.layers.2.mlp.MLP.forward.0", op.get("modules").get(2).asText());
        JsonNode rank0 = json("diff", "--left", dump("s5_tp2_stat_mix", "baseline"), "--right", dump("s5_tp2_stat_mix", "candidate_gate_rank1"), "--rank", "0");
        assertEquals("Distributed.all_reduce.5.forward.output.0#0", rank0.get("first_divergent").get("key").asText());
        // The legend states the rule that named the origin: the communication clock, not the earliest stage.
        String text = tdw("diff", "--left", dump("s5_tp2_stat_mix", "baseline"), "--right", dump("s5_tp2_stat_mix", "candidate_gate_rank1"),
                "--all", "--format", "text").out();
        assertTrue(text.contains("* origin rank: its first difference was not received through a communication op"), text);
        assertTrue(text.contains("origin op: Tensor.__mul__.28.forward (forward)\n"
                + "  in: Module.model.TinyModel.forward.0 › Module.model.layers.2.DecoderLayer.forward.0 › Module.model.layers.2.mlp.MLP.forward.0\n"
                + "  argument input.1: left float 1.0, right float 1.01  DIFFERS\n"), text);
        assertFalse(text.contains("the forward's earliest"), text);
    }

    /** Pairs and steps are named as msprobe users name them (step, rank) in text, JSON and HTML; never "match 0 occ ?". */
    @Test
    void pairsAndStepsAreNamedByStepAndRank(@TempDir Path tmp) throws Exception {
        String left = dump("s5_tp2_stat_mix", "baseline"), right = dump("s5_tp2_stat_mix", "candidate_gate_rank1");
        String text = tdw("diff", "--left", left, "--right", right, "--all", "--format", "text").out();
        assertTrue(text.contains("first divergent forward: step0, origin rank 1"), text);
        assertFalse(text.contains("occ ?") || text.contains("match 0"), text);
        JsonNode all = json("diff", "--left", left, "--right", right, "--all");
        assertEquals("step0", all.get("forwards").get(0).get("name").asText());
        assertEquals("step0 · rank 1", all.get("pairs").get(1).get("name").asText());
        JsonNode one = json("diff", "--left", left, "--right", right, "--rank", "1");
        assertEquals("step0 · rank 1", one.get("left").get("name").asText());
        String pairs = tdw("diff", "--left", left, "--right", right, "--format", "text").out();
        assertTrue(pairs.contains("pair:  step0 · rank 0\n") && pairs.contains("pair:  step0 · rank 1\n"), pairs);
        Path page = tmp.resolve("all.html");
        assertEquals(0, tdw("diff", "--left", left, "--right", right, "--all", "--format", "html", "--out", page.toString()).exit());
        String html = java.nio.file.Files.readString(page);
        assertTrue(html.contains("<th>step0</th>") && !html.contains("occ ?"), html);
        assertTrue(html.contains("<tr><th>origin op</th><td>Tensor.__mul__.28.forward (forward) in Module.model.layers.2.mlp.MLP.forward.0;"
                + " argument input.1 differs: float 1.0 vs float 1.01</td></tr>"), html);
        Path pairPage = tmp.resolve("pair.html");
        assertEquals(0, tdw("diff", "--left", left, "--right", right, "--rank", "1", "--format", "html", "--out", pairPage.toString()).exit());
        assertTrue(java.nio.file.Files.readString(pairPage).contains("step0 · rank 1 · "), "the pair page's manifest rows");
    }

    /** s8 (md5 mode, L1): the gate at mul 28; noise changes the CRCs and the wording says a checksum cannot tell. */
    @Test
    void s8ChecksumsSayTheyCannotTellNoiseFromADefect() throws Exception {
        JsonNode gate = diff("s8_single_md5_L1", "candidate_gate");
        assertEquals("Tensor.__mul__.28.forward.input.1#0", gate.get("first_divergent").get("key").asText());
        JsonNode noise = diff("s8_single_md5_L1", "repeat_noise", "--atol", "1e-6", "--rtol", "1e-3");
        assertEquals("[\"checksum\"]", noise.get("first_divergent").get("reasons").toString());
        String text = tdw("diff", "--left", dump("s8_single_md5_L1", "baseline"), "--right", dump("s8_single_md5_L1", "repeat_noise"),
                "--atol", "1e-6", "--rtol", "1e-3", "--format", "text").out();
        assertTrue(text.contains("a checksum cannot tell noise from a defect"), text);
    }

    @Test
    void scanNamesTheFormatAndTheMasksInfinityAsPresent() throws Exception {
        JsonNode scan = json("scan", dump("s1_single_stat_mix_fp32", "baseline"));
        assertEquals("msprobe", scan.get("format").asText());
        String text = tdw("scan", dump("s1_single_stat_mix_fp32", "baseline"), "--format", "text").out();
        assertTrue(text.contains("inf present"), text);
    }

    /** --fuzzy (msprobe's -fm): call numbers moved by 3 on the right still pair, the outputs say how stages were paired. */
    @Test
    void fuzzyPairsMovedCallNumbersAndSaysSo(@TempDir Path tmp) throws Exception {
        String left = dump("s1_single_stat_mix_fp32", "baseline") + "/step0/rank0/dump.json";
        String right = MsprobePairingTest.renumbered(Path.of(dump("s1_single_stat_mix_fp32", "candidate_gate"), "step0/rank0/dump.json"), tmp, 3).toString();
        JsonNode exact = json("diff", "--left", left, "--right", right);
        assertFalse(exact.has("stage_pairing"));
        assertTrue(exact.get("only_in_left").size() > 0, exact.get("only_in_left").toString());
        JsonNode fuzzy = json("diff", "--left", left, "--right", right, "--fuzzy");
        assertEquals("fuzzy", fuzzy.get("stage_pairing").asText());
        assertEquals("Tensor.__mul__.28.forward.input.1", fuzzy.get("first_divergent").get("stage").asText());
        assertEquals(0, fuzzy.get("only_in_left").size());
        String text = tdw("diff", "--left", left, "--right", right, "--fuzzy", "--format", "text").out();
        assertTrue(text.startsWith("format: msprobe dump (MindStudio Probe dump.json); stages paired ignoring call numbers"), text);

        Path probe = TestCaptures.scenario("layer-bug").resolve("baseline");
        CliBehaviourTest.Run run = tdw("diff", "--left", probe.toString(), "--right", probe.toString(), "--fuzzy");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("--fuzzy pairs the stages of msprobe dumps only"), run.err());
    }

    /**
     * --format csv: one row per paired stage, msprobe compare's columns and tdw's finding, for msprobe dumps (every rank
     * of a step folder) and probe captures alike; no JSON on stdout; refused where there are no rows to write.
     */
    @Test
    void csvWritesOneRowPerPairedStage() throws Exception {
        CliBehaviourTest.Run run = tdw("diff", "--left", dump("s5_tp2_stat_mix", "baseline"), "--right", dump("s5_tp2_stat_mix", "candidate_gate_rank1"),
                "--format", "csv");
        assertEquals(0, run.exit(), run.err());
        String[] lines = run.out().split("\r\n", -1);
        assertTrue(lines[0].startsWith("Pair,Key,Left Name,Right Name,Left Dtype,Right Dtype,Left Tensor Shape,Right Tensor Shape,Max diff"), lines[0]);
        assertEquals(1 + 2 * 1132 + 1, lines.length, "a header, both ranks' 1132 paired stages, the last line's end");
        assertTrue(run.out().contains("step0 · rank 1,Tensor.__mul__.28.forward.input.1#0,Tensor.__mul__.28.forward.input.1,"), lines[1]);
        assertTrue(java.util.Arrays.stream(lines).anyMatch(l -> l.startsWith("step0 · rank 0,Distributed.all_reduce.5.forward.output.0#0,")
                && l.contains(",first divergence,")));

        Path probe = TestCaptures.scenario("layer-bug");
        CliBehaviourTest.Run p = tdw("diff", "--left", probe.resolve("baseline").toString(), "--right", probe.resolve("candidate").toString(), "--format", "csv");
        assertEquals(0, p.exit(), p.err());
        assertFalse(p.out().startsWith("{"), p.out());
        assertTrue(p.out().contains(",first divergence,"), p.out());
        List<String> header = List.of(p.out().split("\\r\\n")[0].split(","));
        String[] row = p.out().split("\\r\\n")[1].split(",");
        assertEquals("runner.input_ids", row[header.indexOf("Left Name")]);
        assertEquals("N/A", row[header.indexOf("Left l2norm")], "a probe capture has no L2 norm");
        assertEquals("122", row[header.indexOf("Right max")]);

        CliBehaviourTest.Run all = tdw("diff", "--left", dump("s5_tp2_stat_mix", "baseline"), "--right", dump("s5_tp2_stat_mix", "candidate_gate_rank1"),
                "--all", "--format", "csv");
        assertEquals(2, all.exit());
        assertTrue(all.err().contains("--format csv writes the rows of paired stages"), all.err());
        assertEquals("", all.out(), "no JSON on stdout with --format csv");
        CliBehaviourTest.Run scan = tdw("scan", dump("s1_single_stat_mix_fp32", "baseline"), "--format", "csv");
        assertEquals(2, scan.exit());
        assertTrue(scan.err().contains("--format csv is only for tdw diff"), scan.err());
    }

    /**
     * Repeated runs: baseline and repeat_noise are the left runs (their noise); the candidate is beyond it at the defect's
     * own op, and s8's CRCs are said to be unable to tell noise from a defect.
     */
    @Test
    void repeatedRunsJudgeTheCandidateAgainstTheNoise() throws Exception {
        String s1 = "s1_single_stat_mix_fp32";
        String text = tdw("diff", "--left", dump(s1, "baseline"), "--left", dump(s1, "repeat_noise"), "--right", dump(s1, "candidate_rope"),
                "--format", "text").out();
        assertTrue(text.startsWith("format: msprobe dump"), text);
        assertTrue(text.contains("first beyond noise: Tensor.__add__.17.forward.input.1#0"), text);
        assertFalse(text.contains("without comparable statistics"), text);
        String s8 = "s8_single_md5_L1";
        JsonNode r = json("diff", "--left", dump(s8, "baseline"), "--left", dump(s8, "repeat_noise"), "--right", dump(s8, "candidate_gate"));
        assertEquals("msprobe", r.get("format").asText());
        assertEquals("DIVERGENT", r.get("verdict").asText());
        assertEquals("Tensor.__mul__.28.forward.input.1#0", r.get("first_beyond_noise").get("key").asText());
        assertTrue(r.get("checksums_differing_text").asText().endsWith(Wording.CHECKSUM_MEANING), r.get("checksums_differing_text").asText());
    }

    /** Run folders of msprobe dumps (--left-runs/--right-runs): each run folder is one dump, run2 before run10. */
    @Test
    void runFoldersOfMsprobeDumps(@TempDir Path tmp) throws Exception {
        String s1 = "s1_single_stat_mix_fp32";
        copy(Path.of(dump(s1, "baseline")), tmp.resolve("left/run2"));
        copy(Path.of(dump(s1, "repeat_noise")), tmp.resolve("left/run10"));
        copy(Path.of(dump(s1, "candidate_gate")), tmp.resolve("right/run1"));
        JsonNode r = json("diff", "--left-runs", tmp.resolve("left").toString(), "--right-runs", tmp.resolve("right").toString());
        assertEquals("msprobe", r.get("format").asText());
        assertEquals("Tensor.__mul__.28.forward.input.1#0", r.get("first_beyond_noise").get("key").asText());
        assertEquals(tmp.resolve("left/run2").toString(), r.get("left_runs").get(0).asText());
    }

    private static void copy(Path from, Path to) throws java.io.IOException {
        try (var files = java.nio.file.Files.walk(from)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (java.nio.file.Files.isDirectory(f)) java.nio.file.Files.createDirectories(t);
                else java.nio.file.Files.copy(f, t);
            }
        }
    }

    @Test
    void anMsprobeDumpAndAProbeCaptureAreRefused() {
        Path probe = TestCaptures.scenario("layer-bug").resolve("baseline");
        CliBehaviourTest.Run run = tdw("diff", "--left", dump("s1_single_stat_mix_fp32", "baseline"), "--right", probe.toString());
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("one is an msprobe dump and the other a probe capture"), run.err());
    }
}
