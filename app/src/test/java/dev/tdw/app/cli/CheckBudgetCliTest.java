package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.compare.CheckBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The storage-overlap check costs per command, not per file: each manifest here fits the default budget alone (44,850
 * pairs of 100,000), so before, every copy was searched in full (16 costly copies took 16 times one, and a diff of
 * 64 ranks never finished). Asserted by what the output says was cut, never by time.
 */
class CheckBudgetCliTest {
    @TempDir Path tmp;

    /** One storage shared by 300 one-element views at the same place: 300 * 299 / 2 pairs. */
    private static void manifest(Path dir, String label, int rank) throws IOException {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            records.append(i == 0 ? "" : ", ").append("{\"stage\": \"s").append(i).append("\", \"order\": ").append(i)
                    .append(", \"shape\": [1], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 64,"
                            + " \"summary\": {\"nan_count\": 0, \"inf_count\": 0, \"max_abs\": 1.0, \"min\": 1.0, \"max\": 1.0, \"mean\": 1.0}}");
        }
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(label + "-rank" + rank + ".json"), "{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"" + label
                + "\", \"rank\": " + rank + ", \"match_index\": 1, \"occurrence\": 1, \"records\": [" + records + "]}");
    }

    private List<String> threeManifests() throws IOException {
        List<String> files = new ArrayList<>();
        for (String label : List.of("a", "b", "c")) {
            manifest(tmp, label, 0);
            files.add(tmp.resolve(label + "-rank0.json").toString());
        }
        return files;
    }

    @Test
    void scanSharesOneBudgetAmongItsManifestsAndNamesWhatItCut() throws Exception {
        List<String> args = new ArrayList<>(List.of("scan", "--manifest"));
        args.addAll(threeManifests());
        CliBehaviourTest.Run r = tdw(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        JsonNode json = r.json();
        List<Boolean> cut = new ArrayList<>();
        for (JsonNode m : json.get("manifests")) cut.add(m.get("storage_aliases").get(0).get("overlap_check").get("pairs_cut").asBoolean());
        assertEquals(List.of(false, false, true), cut);
        JsonNode budget = json.get("check_budget");
        assertEquals(1, budget.get("factor").asLong());
        assertEquals(CheckBudget.OVERLAP_PAIRS, budget.get("overlap_pairs").get("limit").asLong());
        assertEquals(CheckBudget.OVERLAP_PAIRS, budget.get("overlap_pairs").get("spent").asLong());
        assertEquals(1, budget.get("cut").size());
        assertTrue(budget.get("cut").get(0).get("manifest").asText().endsWith("c-rank0.json"), budget.toString());
        assertEquals(1, budget.get("cut").get(0).get("overlap_searches_stopped").asLong());

        args.addAll(List.of("--format", "text"));
        CliBehaviourTest.Run text = tdw(args.toArray(String[]::new));
        assertTrue(text.out().contains("check budget spent (raise it with --check-budget N, now 1):"), text.out());
        assertTrue(text.out().contains("c-rank0.json: 1 overlap search(es) stopped"), text.out());
    }

    @Test
    void raisingTheBudgetLetsEverySearchFinish() throws Exception {
        List<String> args = new ArrayList<>(List.of("scan", "--check-budget", "2", "--manifest"));
        args.addAll(threeManifests());
        CliBehaviourTest.Run r = tdw(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        JsonNode json = r.json();
        assertNull(json.get("check_budget"), json.toString());
        for (JsonNode m : json.get("manifests")) assertFalse(m.get("storage_aliases").get(0).get("overlap_check").get("pairs_cut").asBoolean());

        CliBehaviourTest.Run zero = tdw("scan", "--check-budget", "0", "--manifest", tmp.resolve("a-rank0.json").toString());
        assertEquals(2, zero.exit());
        assertTrue(zero.err().contains("--check-budget must be at least 1, not 0"), zero.err());
    }

    /** diff of two directories of two ranks each: four scans, one budget; the third and fourth are cut and named. */
    @Test
    void diffOfDirectoriesSharesOneBudgetAcrossItsPairs() throws Exception {
        for (String side : List.of("left", "right")) {
            for (int rank = 0; rank < 2; rank++) manifest(tmp.resolve(side), "x", rank);
        }
        CliBehaviourTest.Run r = tdw("diff", "--left", tmp.resolve("left").toString(), "--right", tmp.resolve("right").toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode cut = r.json().get("check_budget").get("cut");
        assertEquals(2, cut.size(), cut.toString());
        assertTrue(cut.get(0).get("manifest").asText().endsWith("x-rank1.json"), cut.toString());
        CliBehaviourTest.Run text = tdw("diff", "--format", "text", "--left", tmp.resolve("left").toString(), "--right",
                tmp.resolve("right").toString());
        assertTrue(text.out().contains("check budget spent (raise it with --check-budget N, now 1):"), text.out());
        CliBehaviourTest.Run raised = tdw("diff", "--check-budget", "3", "--left", tmp.resolve("left").toString(), "--right",
                tmp.resolve("right").toString());
        assertNull(raised.json().get("check_budget"));
    }
}
