package dev.tdw.model.msprobe;

import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.tdw.model.msprobe.MsprobeDumpTest.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** msprobe's -fm as tdw's --fuzzy: what is ignored, and a real dump whose call numbers moved. */
public class MsprobePairingTest {
    @Test
    void fuzzyDropsThePartBeforeTheDirectionAsMsprobesRenameDoes() {
        MsprobePairing f = MsprobePairing.FUZZY;
        assertEquals("Tensor.__mul__.forward.input.1", f.keyBase("Tensor.__mul__.28.forward", "Tensor.__mul__.28.forward.input.1"));
        assertEquals("Distributed.all_reduce.backward.output.0",
                f.keyBase("Distributed.all_reduce.5.backward", "Distributed.all_reduce.5.backward.output.0"));
        // A module's call number follows its direction; msprobe's rename drops the class name instead.
        assertEquals("Module.model.mlp.forward.0.input.0", f.keyBase("Module.model.mlp.MLP.forward.0", "Module.model.mlp.MLP.forward.0.input.0"));
        // No direction part (parameter gradients), or a name that only contains the word: unchanged.
        assertEquals("Module.fc.Linear.parameters_grad.weight", f.keyBase("Module.fc.Linear.parameters_grad", "Module.fc.Linear.parameters_grad.weight"));
        assertEquals("Functional.forwarder.forward.output.0", f.keyBase("Functional.forwarder.3.forward", "Functional.forwarder.3.forward.output.0"));
        assertEquals("Tensor.add.0.forward.input.0", MsprobePairing.EXACT.keyBase("Tensor.add.0.forward", "Tensor.add.0.forward.input.0"));
    }

    /**
     * The candidate's dump with every API call number moved by 3 (as when one side's dump started after a few calls):
     * exact pairing pairs the wrong calls; fuzzy pairing finds the gate at mul 28 again, named as the left dump names it.
     */
    @Test
    void movedCallNumbersPairOnlyWhenFuzzy(@TempDir Path tmp) throws Exception {
        Path left = dump("s1_single_stat_mix_fp32", "baseline").resolve("step0/rank0/dump.json");
        Path right = renumbered(dump("s1_single_stat_mix_fp32", "candidate_gate").resolve("step0/rank0/dump.json"), tmp, 3);

        DiffResult exact = SummaryDiff.of(new MsprobeDump().read(left), new MsprobeDump().read(right), Tolerance.EXACT);
        // Exact names pair different calls (add 17 of the left with the right's add 14 renamed 17): a wrong first divergence.
        assertEquals(DiffVerdict.DIVERGENT, exact.verdict());
        assertTrue(exact.firstDivergent().order() < 100, exact.firstDivergent().stage());
        assertTrue(exact.onlyInLeft().contains("Tensor.__mul__.0.forward.input.0#0"), exact.onlyInLeft().toString());

        MsprobeDump fuzzy = new MsprobeDump(MsprobeLimits.DEFAULTS, false, MsprobePairing.FUZZY);
        DiffResult d = SummaryDiff.of(fuzzy.read(left), fuzzy.read(right), Tolerance.EXACT);
        assertEquals(DiffVerdict.DIVERGENT, d.verdict());
        assertEquals("Tensor.__mul__.28.forward.input.1", d.firstDivergent().stage());
        assertTrue(d.onlyInLeft().isEmpty() && d.onlyInRight().isEmpty(), d.onlyInLeft() + " " + d.onlyInRight());
    }

    /** A copy of {@code dump} in {@code tmp/step0/rank0/} with every API op's call number plus {@code by}. */
    public static Path renumbered(Path dump, Path tmp, int by) throws Exception {
        String text = Files.readString(dump, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("\"((?:Tensor|Torch|Functional|Distributed)\\.[^\".]+)\\.(\\d+)\\.(forward|backward)").matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) m.appendReplacement(b, Matcher.quoteReplacement("\"" + m.group(1) + "." + (Integer.parseInt(m.group(2)) + by) + "." + m.group(3)));
        m.appendTail(b);
        Path out = tmp.resolve("step0/rank0/dump.json");
        Files.createDirectories(out.getParent());
        Files.writeString(out, b, StandardCharsets.UTF_8);
        return out;
    }
}
