package dev.tdw.app.ui.format;

import dev.tdw.app.ui.WorkbenchViewModel;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.detail.OpDetail;
import dev.tdw.app.ui.detail.StageDetail;
import dev.tdw.app.ui.table.RowNode;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.Wording;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.sets.Forward;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** msprobe dumps in the workbench's view models, without a window (testdata/captures/msprobe, written by msprobe). */
class MsprobeWorkbenchTest {
    private static final String FORMAT = "Format: msprobe dump (MindStudio Probe dump.json)";
    @TempDir
    Path tmp;
    private final DirectTaskRunner tasks = new DirectTaskRunner();

    private WorkbenchViewModel vm() { return new WorkbenchViewModel(tasks, new RecentCaptures(tmp.resolve("recent.json"))); }

    static Path dump(String scenario, String variant) { return Captures.dir("msprobe", scenario + "/" + variant); }

    @Test
    void aPairOfDumpsOpensWithItsFormatAndFirstDivergence() {
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s1_single_stat_mix_fp32", "baseline"), dump("s1_single_stat_mix_fp32", "candidate_rope"));
        assertEquals(DiffVerdict.DIVERGENT, vm.comparison().diff().verdict());
        assertEquals("Tensor.__add__.17.forward.input.1#0", vm.comparison().diff().firstDivergent().key());
        assertTrue(vm.verdictTextProperty().get().startsWith("DIVERGENT — first divergence Tensor.__add__.17.forward.input.1#0"),
                vm.verdictTextProperty().get());
        assertEquals(FORMAT, vm.format().textProperty().get());
        assertTrue(vm.format().msprobeProperty().get());

        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertEquals("", vm.format().textProperty().get(), "a probe capture says nothing of its format");
        assertFalse(vm.format().msprobeProperty().get());
    }

    @Test
    void oneSideOpensByItselfAsFileOpenDoes() {
        WorkbenchViewModel vm = vm();
        vm.open(Side.LEFT, dump("s1_single_stat_mix_fp32", "baseline"));
        vm.open(Side.RIGHT, dump("s1_single_stat_mix_fp32", "candidate_gate").resolve("step0/rank0/dump.json"));
        assertEquals("Tensor.__mul__.28.forward.input.1#0", vm.comparison().diff().firstDivergent().key());
        assertEquals(FORMAT, vm.format().textProperty().get());
    }

    /** The stage tree is construct.json's module tree; the detail shows the op's scalar arguments and call stack. */
    @Test
    void theTreeFollowsTheModulesAndTheDetailShowsTheOp() {
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s1_single_stat_mix_fp32", "baseline"), dump("s1_single_stat_mix_fp32", "candidate_rope"));
        List<String> path = pathTo(vm.table().nodesProperty().get(), "Tensor.__add__.17.forward.input.1#0");
        assertEquals(List.of("Module.model.TinyModel.forward.0", "Module.model.layers.2.DecoderLayer.forward.0",
                "Module.model.layers.2.self_attn.Attention.forward.0"), path);
        List<RowNode> flat = new java.util.ArrayList<>();
        flatten(vm.table().nodesProperty().get(), flat);
        assertEquals(vm.table().rows().rows(), flat.stream().map(n -> ((RowNode.Leaf) n).row()).toList(), "the tree keeps the row order");

        vm.goToFirstDivergence();
        StageDetail d = vm.detail().detailProperty().get();
        OpDetail op = d.op();
        assertNotNull(op);
        assertEquals("Tensor.__add__.17.forward", op.op());
        assertEquals("forward", op.direction());
        assertEquals(path, op.modules());
        assertEquals(List.of(new StageDetail.Field("input.1", "int 0", "int 1", true)), op.arguments());
        assertNull(op.groupRanks());
        assertTrue(op.stack().stream().anyMatch(l -> l.contains("tinylm.py")), String.valueOf(op.stack()));
        assertTrue(op.stack().stream().anyMatch(l -> l.startsWith("    ")), "a frame's code on its own line");
    }

    /** The info line's inputs: msprobe dumps carry no token ids; it says so and names the pair (not "no token ids in the metadata"). */
    @Test
    void theInputsLineSaysTheFormatRecordsNoTokenIds() {
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s1_single_stat_mix_fp32", "baseline"), dump("s1_single_stat_mix_fp32", "candidate_rope"));
        assertEquals(InputIdentity.Verdict.NOT_RECORDED, vm.inputsProperty().get().verdict());
        assertEquals("inputs not recorded: msprobe dump (MindStudio Probe dump.json) carries no token ids; step0 · rank 0 against"
                + " step0 · rank 0: that both ran the same input is yours to know", Wording.inputs(vm.inputsProperty().get()));
    }

    /** s1's noise repeat: nothing beyond a tolerance (README's table), as the command line finds. */
    @Test
    void s1NoiseIsNothingBeyondATolerance() {
        WorkbenchViewModel vm = vm();
        vm.toleranceProperty().set(new Tolerance(1e-6, 1e-3));
        vm.openPair(dump("s1_single_stat_mix_fp32", "baseline"), dump("s1_single_stat_mix_fp32", "repeat_noise"));
        assertNull(vm.comparison().diff().firstDivergent());
    }

    /** s4 (tensor mode, layers 1 and 2): rope's first divergence is add 17's scalar; the noise repeat is nothing beyond a tolerance. */
    @Test
    void s4RopeAndNoise() {
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s4_single_tensor_mix_layers12", "baseline"), dump("s4_single_tensor_mix_layers12", "candidate_rope"));
        assertEquals("Tensor.__add__.17.forward.input.1#0", vm.comparison().diff().firstDivergent().key());
        vm.goToFirstDivergence();
        OpDetail op = vm.detail().detailProperty().get().op();
        assertEquals(List.of(new StageDetail.Field("input.1", "int 0", "int 1", true)), op.arguments());
        vm.toleranceProperty().set(new Tolerance(1e-5, 1e-3));
        vm.openPair(dump("s4_single_tensor_mix_layers12", "baseline"), dump("s4_single_tensor_mix_layers12", "repeat_noise"));
        assertNull(vm.comparison().diff().firstDivergent());
    }

    /** s8 (md5 mode, L1): the gate at mul 28; the noise repeat's CRCs differ and the finding says a checksum cannot tell. */
    @Test
    void s8GateAndChecksumNoise() {
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s8_single_md5_L1", "baseline"), dump("s8_single_md5_L1", "candidate_gate"));
        assertEquals("Tensor.__mul__.28.forward.input.1#0", vm.comparison().diff().firstDivergent().key());
        vm.toleranceProperty().set(new Tolerance(1e-6, 1e-3));
        vm.openPair(dump("s8_single_md5_L1", "baseline"), dump("s8_single_md5_L1", "repeat_noise"));
        String first = vm.comparison().diff().firstDivergent().key();
        assertEquals(List.of("checksum"), vm.comparison().diff().firstDivergent().reasons());
        vm.goToFirstDivergence();
        assertTrue(vm.detail().detailProperty().get().badges().stream().anyMatch(b -> b.text().contains(Wording.CHECKSUM_MEANING)),
                first + ": " + vm.detail().detailProperty().get().badges());
    }

    @Test
    void levelL1IsAFlatList() {
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s8_single_md5_L1", "baseline"), dump("s8_single_md5_L1", "candidate_gate"));
        assertTrue(vm.table().nodesProperty().get().stream().allMatch(n -> n instanceof RowNode.Leaf));
        vm.goToFirstDivergence();
        assertTrue(vm.detail().detailProperty().get().op().modules().isEmpty());
    }

    /** s5: every pair over the ranks, the origin named by the communication clock as the CLI names it. */
    @Test
    void everyPairNamesTheOriginRank() {
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s5_tp2_stat_mix", "baseline"), dump("s5_tp2_stat_mix", "candidate_gate_rank1"));
        Forward f = vm.sets().result().firstDivergentForward();
        assertEquals(List.of(1), f.originRanks());
        assertEquals("Tensor.__mul__.28.forward.input.1#0", f.origin().key());
        assertTrue(vm.sets().summaryProperty().get().contains("origin rank 1 at Tensor.__mul__.28.forward.input.1#0"),
                vm.sets().summaryProperty().get());
        assertTrue(vm.sets().legendProperty().get().contains("communication op"), vm.sets().legendProperty().get());
        assertEquals(Integer.valueOf(1), vm.left().manifest().rank(), "the sides land on the origin rank");
        assertEquals("Tensor.__mul__.28.forward.input.1#0", vm.comparison().diff().firstDivergent().key());
        vm.sets().open(vm.sets().cell(f, 0));
        assertEquals("Distributed.all_reduce.5.forward.output.0#0", vm.comparison().diff().firstDivergent().key(),
                "rank 0 received it at the all_reduce");
    }

    /** Backward entries are shown but not searched by default; the switch searches them without reading the files again. */
    @Test
    void theBackwardSwitch() throws Exception {
        WorkbenchViewModel vm = vm();
        vm.openPair(write(tmp.resolve("left"), 1.0), write(tmp.resolve("right"), 2.0));
        long loads = tasks.titles.stream().filter(t -> t.startsWith("Loading")).count();
        assertNull(vm.comparison().diff().firstDivergent(), "the forward agrees");
        assertEquals(DiffVerdict.INCONCLUSIVE, vm.comparison().diff().verdict(), "a backward stage differs, unsearched");
        assertTrue(vm.table().rows().find("Tensor.mul.0.backward.input.0#0").orElseThrow().divergent(), "backward stages are shown");

        vm.format().searchBackwardProperty().set(true);
        assertEquals(DiffVerdict.DIVERGENT, vm.comparison().diff().verdict());
        assertEquals("Tensor.mul.0.backward.input.0#0", vm.comparison().diff().firstDivergent().key());
        assertEquals(loads, tasks.titles.stream().filter(t -> t.startsWith("Loading")).count(), "no file read again");
        assertTrue(vm.statusProperty().get().contains("Backward entries"), vm.statusProperty().get());

        // A load started now takes the switch as it stands.
        vm.open(Side.RIGHT, tmp.resolve("right"));
        assertEquals("Tensor.mul.0.backward.input.0#0", vm.comparison().diff().firstDivergent().key());

        vm.format().searchBackwardProperty().set(false);
        assertNull(vm.comparison().diff().firstDivergent());
    }

    /** A communication op's detail shows its group's ranks when the dump records them (s5's gloo dumps do not). */
    @Test
    void aCommunicationOpShowsItsGroupsRanks() throws Exception {
        String tensor = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": 1.0, \"Min\": 0.0,"
                + " \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": false}";
        for (String side : new String[]{"left", "right"}) {
            Files.writeString(Files.createDirectories(tmp.resolve(side + "/step0/rank1")).resolve("dump.json"),
                    "{\"task\": \"statistics\", \"data\": {\"Distributed.all_reduce.0.forward\": {\"input_args\": [" + tensor + "],"
                    + " \"input_kwargs\": {\"group\": {\"type\": \"torch.ProcessGroup\", \"group_ranks\": [0, 1], \"group_id\": \"5d1c\"}},"
                    + " \"output\": [" + tensor + "]}}}");
        }
        WorkbenchViewModel vm = vm();
        vm.openPair(tmp.resolve("left"), tmp.resolve("right"));
        vm.select("Distributed.all_reduce.0.forward.output.0#0");
        OpDetail op = vm.detail().detailProperty().get().op();
        assertEquals(new StageDetail.Field("group ranks", "[0, 1]", "[0, 1]", false), op.groupRanks());
        assertEquals(List.of(), op.arguments(), "the group is not listed again among the arguments");
    }

    /** A dump whose forward op agrees with any other written here, and whose backward input has Max {@code gradMax}. */
    private static Path write(Path dir, double gradMax) throws Exception {
        String tensor = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": %s, \"Min\": 0.0,"
                + " \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": false}";
        String same = String.format(java.util.Locale.ROOT, tensor, "1.0"), grad = String.format(java.util.Locale.ROOT, tensor, gradMax);
        Files.writeString(Files.createDirectories(dir.resolve("step0/rank0")).resolve("dump.json"), "{\"task\": \"statistics\", \"data\": {"
                + "\"Tensor.mul.0.forward\": {\"input_args\": [" + same + "], \"input_kwargs\": {}, \"output\": [" + same + "]},"
                + "\"Tensor.mul.0.backward\": {\"input\": [" + grad + "], \"output\": [" + same + "]}}}");
        return dir;
    }

    /** A broken construct.json is a problem naming it; the dump loads (flat) and compares. */
    @Test
    void aBrokenSideFileIsAProblemAndTheRestLoads() throws Exception {
        Path source = dump("s1_single_stat_mix_fp32", "candidate_rope").resolve("step0/rank0");
        Path rank = Files.createDirectories(tmp.resolve("rope/step0/rank0"));
        Files.copy(source.resolve("dump.json"), rank.resolve("dump.json"));
        Files.writeString(rank.resolve("construct.json"), "{\"a\": ");
        WorkbenchViewModel vm = vm();
        vm.openPair(dump("s1_single_stat_mix_fp32", "baseline"), tmp.resolve("rope"));
        assertEquals("Tensor.__add__.17.forward.input.1#0", vm.comparison().diff().firstDivergent().key());
        LoadProblem p = vm.problems().get(0);
        assertEquals(rank.resolve("construct.json"), p.file());
        assertTrue(vm.problemsTextProperty().get().contains("1 file was not used"), vm.problemsTextProperty().get());
    }

    private static List<String> pathTo(List<RowNode> nodes, String key) {
        for (RowNode n : nodes) {
            if (n instanceof RowNode.Leaf l && l.row().key().equals(key)) return List.of();
            if (n instanceof RowNode.ModuleGroup g) {
                List<String> below = pathTo(g.children(), key);
                if (below != null) {
                    List<String> out = new java.util.ArrayList<>(List.of(g.module()));
                    out.addAll(below);
                    return out;
                }
            }
        }
        return null;
    }

    private static void flatten(List<RowNode> nodes, List<RowNode> out) {
        for (RowNode n : nodes) {
            if (n instanceof RowNode.Group g) flatten(g.children(), out);
            else out.add(assertInstanceOf(RowNode.Leaf.class, n));
        }
    }
}
