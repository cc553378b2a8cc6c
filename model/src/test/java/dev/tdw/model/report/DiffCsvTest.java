package dev.tdw.model.report;

import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** diff --format csv's rows: msprobe compare's columns with the values msprobe's own compare wrote for the same pair. */
class DiffCsvTest {
    private static String csv(PairAnalysis a) {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        DiffCsv.header(out);
        DiffCsv.rows(a, out);
        out.flush();
        return s.toString();
    }

    private static List<String> row(String csv, String stage) {
        return Arrays.stream(csv.split("\r\n")).filter(l -> l.contains("," + stage + ",")).findFirst()
                .map(l -> List.of(l.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1))).orElseThrow(() -> new AssertionError(stage));
    }

    private static String cell(List<String> row, String column) { return row.get(DiffCsv.HEADER.indexOf(column)); }

    @Test
    void gateRowsCarryMsprobesNumbersAndTdwsFinding() throws Exception {
        Path s1 = TestCaptures.scenario("msprobe").resolve("s1_single_stat_mix_fp32");
        CaptureDirectory left = new MsprobeDump().load(s1.resolve("baseline")), right = new MsprobeDump().load(s1.resolve("candidate_gate"));
        String csv = csv(PairAnalysis.of(left.manifests().get(0), right.manifests().get(0), Tolerance.EXACT));
        String[] lines = csv.split("\r\n");
        // msprobe's compare CSV for this pair has 1100 rows: every paired stage, arguments included.
        assertEquals(1 + 1100, lines.length);
        assertEquals(String.join(",", DiffCsv.HEADER), lines[0]);

        List<String> scalar = row(csv, "Tensor.__mul__.28.forward.input.1");
        assertEquals("step0 · rank 0", cell(scalar, "Pair"));
        assertEquals("1.0", cell(scalar, "Left value"));
        assertEquals("1.01", cell(scalar, "Right value"));
        assertEquals("float", cell(scalar, "Left Dtype"));
        assertEquals(DiffCsv.Result.FIRST_DIVERGENCE.text(), cell(scalar, "Result"));
        assertTrue(cell(scalar, "tdw Finding").contains(Wording.VALUE_MEANING), cell(scalar, "tdw Finding"));

        // The values msprobe's own compare wrote for this row (compare/candidate_gate_vs_baseline, NPU = right).
        List<String> out = row(csv, "Tensor.__mul__.28.forward.output.0");
        assertEquals("0.019360899925231934", cell(out, "Max diff"));
        assertEquals("-0.023267030715942383", cell(out, "Min diff"));
        assertEquals("0.4564094543457031", cell(out, "L2norm diff"));
        assertEquals("1.9554474353790283", cell(out, "Right max"));
        assertEquals("45.641056060791016", cell(out, "Left l2norm"));
        assertEquals("\"[2, 16, 172]\"", cell(out, "Left Tensor Shape"));
        assertTrue(cell(out, "NormRelativeErr").startsWith("0.99999757616"), cell(out, "NormRelativeErr"));
        assertEquals(DiffCsv.Result.DIVERGES.text(), cell(out, "Result"));
        assertTrue(cell(out, "tdw Finding").startsWith("\"divergent: statistics ("), cell(out, "tdw Finding"));

        // An integer tensor: no Mean or Norm (N/A, as msprobe writes None), and it agrees.
        List<String> ids = row(csv, "Functional.embedding.0.forward.input.0");
        assertEquals("N/A", cell(ids, "Left mean"));
        assertEquals("127", cell(ids, "Left max"));
        assertEquals(DiffCsv.Result.AGREES.text(), cell(ids, "Result"));
    }
}
