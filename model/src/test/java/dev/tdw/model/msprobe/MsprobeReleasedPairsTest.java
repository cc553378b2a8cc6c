package dev.tdw.model.msprobe;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.AllPairsJson;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.report.Json;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.PairOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static dev.tdw.model.msprobe.MsprobeDumpTest.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code diff --all} over msprobe dumps one pair at a time ({@link MsprobeDump#index}, {@link AllPairsAnalysis#released}):
 * the same result as the analysis of the whole dumps, holding no pair's stages once it is compared.
 */
class MsprobeReleasedPairsTest {
    private static final Function<Path, String> PATHS = Path::toString;

    @Test
    void indexReadsNoDumpJsonAndNamesEachPairAsLoadDoes() throws Exception {
        MsprobeDump d = new MsprobeDump();
        Path root = dump("s5_tp2_stat_mix", "baseline");
        CaptureDirectory index = d.index(root), loaded = d.load(root);
        assertEquals(loaded.root(), index.root());
        assertEquals(loaded.manifests().size(), index.manifests().size());
        for (int i = 0; i < index.manifests().size(); i++) {
            Manifest h = index.manifests().get(i), m = loaded.manifests().get(i);
            assertEquals(List.of(m.path(), m.label(), m.matchIndex(), m.extra()), List.of(h.path(), h.label(), h.matchIndex(), h.extra()));
            assertEquals(m.rank(), h.rank());
            assertTrue(h.records().isEmpty());
        }
    }

    /** s5 (origin rank 1 by the communication clock), as every output writes it, and nothing of any pair kept. */
    @Test
    void releasedPairsGiveTheWholeAnalysisAndKeepNoStages() throws Exception {
        MsprobeDump d = new MsprobeDump();
        Path left = dump("s5_tp2_stat_mix", "baseline"), right = dump("s5_tp2_stat_mix", "candidate_gate_rank1");
        AllPairsResult whole = AllPairsAnalysis.of(d.load(left), d.load(right), Tolerance.EXACT);
        CaptureDirectory l = d.index(left), r = d.index(right);
        List<Manifest> asked = new ArrayList<>();
        AllPairsResult released = AllPairsAnalysis.released(l, r, Tolerance.EXACT, h -> {
            asked.add(h);
            return d.read(h.path());
        });
        assertEquals(Json.write(AllPairsJson.of(whole, PATHS)), Json.write(AllPairsJson.of(released, PATHS)));
        assertEquals(CaptureSetText.allPairs(whole, PATHS), CaptureSetText.allPairs(released, PATHS));
        assertEquals(List.of(1), released.firstDivergentForward().originRanks());
        assertEquals(4, asked.size(), "each dump.json read once");
        for (PairOutcome p : released.pairs()) {
            assertNull(p.diff(), "a released pair keeps its facts, not its stages");
            assertTrue(l.manifests().stream().anyMatch(h -> h == p.left()), "the pairing's header, not the read manifest");
            assertTrue(p.left().records().isEmpty() && p.right().records().isEmpty());
        }
        assertSame(released.pairs().get(0), released.pairWithLeft(l.manifests().get(0)));
    }

    /** A dump.json left without a partner is read all the same: an unreadable one refuses the dump, as when loaded whole. */
    @Test
    void anUnpairedDumpJsonIsStillRead(@TempDir Path tmp) throws Exception {
        Path left = tmp.resolve("left"), right = tmp.resolve("right");
        copy(dump("s5_tp2_stat_mix", "baseline"), left);
        copy(dump("s5_tp2_stat_mix", "baseline"), right);
        Path extra = left.resolve("step0/rank7/dump.json");
        Files.createDirectories(extra.getParent());
        Files.writeString(extra, "{\"task\": \"statistics\", \"data\": {");
        MsprobeDump d = new MsprobeDump();
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> AllPairsAnalysis.released(d.index(left), d.index(right), Tolerance.EXACT, h -> d.read(h.path())));
        assertTrue(e.getMessage().contains("rank7"), e.getMessage());
        assertThrows(CaptureFormatException.class, () -> d.load(left));
    }

    private static void copy(Path from, Path to) throws Exception {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(t);
                else Files.copy(f, t);
            }
        }
    }
}
