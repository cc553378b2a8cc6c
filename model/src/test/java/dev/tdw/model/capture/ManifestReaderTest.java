package dev.tdw.model.capture;

import dev.tdw.model.input.InputLocation;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ManifestReaderTest {
    @TempDir Path tmp;

    private Manifest read(String json) throws Exception {
        Path f = tmp.resolve("m-rank0.json");
        Files.writeString(f, json);
        return new ManifestReader().read(f);
    }

    @Test
    void readsARealManifestWithInputSetsAndKeysThem() throws Exception {
        Manifest m = new ManifestReader().read(TestCaptures.scenario("layer-bug").resolve("baseline/cmpl-layer-bug-rank0.json"));
        assertEquals("cmpl-layer-bug", m.label());
        assertEquals(71, m.records().size());
        assertEquals(List.of("nan_count", "inf_count", "max_abs", "min", "max", "mean"), m.stats());
        List<StageRecord> sets = m.records().stream().filter(StageRecord::isInputSet).toList();
        assertEquals(6, sets.size());
        assertEquals("add_rms_norm#5", sets.get(5).key().toString());
        InputSpec eps = sets.get(0).inputs().get(3);
        assertEquals("epsilon", eps.name());
        assertEquals("1e-06", eps.value());
        assertEquals(List.of(12L, 64L), sets.get(0).inputs().get(0).layout().shape());
        assertEquals(53.83333206176758, m.records().get(0).summary().mean());
        assertEquals(12L, ((List<?>) m.metadata().get("prompt_token_ids")).size());
    }

    @Test
    void acceptsPythonsBareNonFiniteTokens() throws Exception {
        Manifest m = read("{\"records\": [{\"stage\": \"s\", \"summary\": {\"nan_count\": 0.0, \"inf_count\": 0.0, "
                + "\"max_abs\": Infinity, \"min\": -Infinity, \"max\": 1.0, \"mean\": NaN}}]}");
        Summary s = m.records().get(0).summary();
        assertEquals(Double.POSITIVE_INFINITY, s.maxAbs());
        assertEquals(Double.NEGATIVE_INFINITY, s.min());
        assertTrue(Double.isNaN(s.mean()));
    }

    @Test
    void statisticsHaveTheBitsOfDoubleParseDouble() throws Exception {
        java.util.Random r = new java.util.Random(7);
        List<String> texts = new java.util.ArrayList<>(List.of("0.1", "-0.0", "0.0", "1e-320", "4.9e-324", "1.7976931348623157e308",
                "2.2250738585072011e-308", "123456789012345678901234567890.5", "1E5", "-3.0e-7", "0.30000000000000004"));
        for (int i = 0; i < 2000; i++) {
            texts.add(Double.toString(Double.longBitsToDouble(r.nextLong())).replace("Infinity", "1e400").replace("NaN", "0.5"));
            texts.add(Double.toString(r.nextGaussian() * Math.pow(10, r.nextInt(40) - 20)));
        }
        StringBuilder json = new StringBuilder("{\"records\": [");
        for (int i = 0; i < texts.size(); i++) {
            json.append(i == 0 ? "" : ", ").append("{\"stage\": \"s\", \"summary\": {\"mean\": ").append(texts.get(i)).append("}}");
        }
        List<StageRecord> records = read(json.append("]}").toString()).records();
        for (int i = 0; i < texts.size(); i++) {
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(texts.get(i))),
                    Double.doubleToRawLongBits(records.get(i).summary().mean()), texts.get(i));
        }
    }

    @Test
    void repeatedLayoutValuesAreSharedAcrossRecords() throws Exception {
        String record = "{\"stage\": \"s\", \"shape\": [12, 64], \"stride\": [64, 1], \"dtype\": \"torch.bfloat16\", "
                + "\"device\": \"npu:0\", \"numel\": 768, \"summary\": {\"nan_count\": 0.0, \"inf_count\": -0.0}}";
        List<StageRecord> records = read("{\"records\": [" + record + ", " + record + "]}").records();
        Layout a = records.get(0).layout(), b = records.get(1).layout();
        assertEquals(a, b);
        assertTrue(a.shape() == b.shape() && a.stride() == b.stride() && a.dtype() == b.dtype() && a.device() == b.device()
                && a.numel() == b.numel(), "one copy of each repeated value");
        // -0.0 stays negative zero.
        assertEquals(0L, Double.doubleToRawLongBits(records.get(0).summary().nanCount()));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(records.get(0).summary().infCount()));
    }

    @Test
    void missingFieldsStayAbsentNeverZero() throws Exception {
        Manifest m = read("{\"records\": [{\"stage\": \"s\", \"summary\": {\"nan_count\": 0.0}}]}");
        StageRecord r = m.records().get(0);
        assertNull(r.order());
        assertNull(r.layout().shape());
        assertNull(r.layout().storagePtr());
        assertNull(r.summary().maxAbs());
        assertEquals(false, r.summary().isComplete());
        assertNull(m.rank());
        assertNull(m.tensorFile());
    }

    @Test
    void unknownFieldsAreKept() throws Exception {
        Manifest m = read("{\"future\": {\"a\": 1}, \"records\": [{\"stage\": \"s\", \"npu_format\": 29, \"hint\": \"x\"}]}");
        assertEquals(Map.of("a", 1), m.extra().get("future"));
        assertEquals("x", m.records().get(0).extra().get("hint"));
        assertEquals(29, m.records().get(0).layout().npuFormat());
    }

    @Test
    void errorsNameTheFileAndTheJsonLocation() {
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> read("{\"records\": [\n {\"stage\": \"s\",, }]}"));
        assertTrue(e.getMessage().startsWith(tmp.resolve("m-rank0.json").toString()), e.getMessage());
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }

    @Test
    void wrongTypesNameTheRecordAndField() {
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [{\"stage\": \"a\"}, {\"stage\": \"b\", \"shape\": \"12x64\"}]}"));
        assertTrue(e.getMessage().contains("record 1 (b) shape"), e.getMessage());
    }

    @Test
    void aRefusedFieldSaysWhereItIsInTheFile() {
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [{\"stage\": \"a\"},\n {\"stage\": \"b\", \"order\": [1]}]}"));
        assertTrue(e.getMessage().contains("record 1 (b) order is not an integer: a list (at line 2, column "), e.getMessage());
        assertEquals(2, ((InputLocation.Json) e.location().orElseThrow()).line());
        CaptureFormatException before = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [{\"numel\": \"many\", \"stage\": \"c\"}]}"));
        assertTrue(before.getMessage().contains("record 0 numel is not an integer: many"), before.getMessage());
    }

    /** Values read through a tree name their owner as before: the record and input, the graph slot, the field. */
    @Test
    void refusedTreeValuesNameTheirOwner() {
        CaptureFormatException input = assertThrows(CaptureFormatException.class, () -> read("{\"records\": [{\"stage\": \"a\"},"
                + " {\"stage\": \"add\", \"inputs\": {\"x\": {\"shape\": [4], \"dtype\": \"torch.float32\", \"numel\": \"four\"}}}]}"));
        assertTrue(input.getMessage().endsWith("record 1 (add) input x numel is not an integer: \"four\""), input.getMessage());
        CaptureFormatException shape = assertThrows(CaptureFormatException.class, () -> read("{\"records\": [{\"stage\": \"add\","
                + " \"inputs\": {\"y\": {\"shape\": 4, \"dtype\": \"torch.float32\"}}}]}"));
        assertTrue(shape.getMessage().endsWith("record 0 (add) input y shape is not an array: 4"), shape.getMessage());
        CaptureFormatException slot = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [], \"graph_slots\": {\"model.norm\": {\"shape\": [2, null]}}}"));
        assertTrue(slot.getMessage().endsWith("graph slot model.norm shape is not an integer: null"), slot.getMessage());
        CaptureFormatException rank = assertThrows(CaptureFormatException.class, () -> read("{\"rank\": \"zero\", \"records\": []}"));
        assertTrue(rank.getMessage().endsWith("rank is not an integer: \"zero\""), rank.getMessage());
    }

    @Test
    void aNullInsideAShapeIsRefusedByName() {
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [{\"stage\": \"a\", \"stride\": [64, null]}]}"));
        assertTrue(e.getMessage().contains("record 0 (a) stride is not an integer: null"), e.getMessage());
    }

    @Test
    void statisticsKeepTheLastNumberOfANameAndAnythingElseClearsIt() throws Exception {
        Summary s = read("{\"records\": [{\"stage\": \"s\", \"summary\": {\"max\": 1.0, \"max\": 2.5, \"min\": -1.0,"
                + " \"min\": \"n/a\", \"mean\": {\"x\": 1}, \"median\": 3.0, \"nan_count\": 4}}]}").records().get(0).summary();
        assertEquals(new Summary(4.0, null, null, null, 2.5, null), s);
    }

    @Test
    void refusesWhatIsNotAManifest() {
        assertTrue(assertThrows(CaptureFormatException.class, () -> read("[1, 2]")).getMessage().contains("not a JSON object"));
        assertTrue(assertThrows(CaptureFormatException.class, () -> read("{\"probe\": \"x\"}")).getMessage().contains("no \"records\""));
        assertTrue(assertThrows(CaptureFormatException.class, () -> read("{\"records\": [{\"order\": 1}]}")).getMessage().contains("no \"stage\""));
        assertTrue(assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(tmp.resolve("absent.json")))
                .getMessage().contains("file not found"));
    }

    @Test
    void limitsRefuseRunawayFiles() throws Exception {
        Path f = tmp.resolve("deep-rank0.json");
        Files.writeString(f, "{\"records\": [], \"metadata\": " + "[".repeat(100) + "]".repeat(100) + "}");
        CaptureFormatException deep = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(f));
        assertTrue(deep.getMessage().contains("nesting depth"), deep.getMessage());
        ManifestLimits small = new ManifestLimits(10, 64, 1000, 10, 1_000_000);
        CaptureFormatException big = assertThrows(CaptureFormatException.class, () -> new ManifestReader(small).read(f));
        assertTrue(big.getMessage().contains("over the limit"), big.getMessage());
    }

    @Test
    void depthIsBoundedInsideRecordsToo() throws Exception {
        String deep = "[".repeat(100) + "]".repeat(100);
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [{\"stage\": \"s\", \"hint\": " + deep + "}]}"));
        assertTrue(e.getMessage().contains("nesting depth") && e.getMessage().contains("line 1"), e.getMessage());
    }

    @Test
    void longStringsAreRefusedWhereverTheyAre() throws Exception {
        ManifestLimits limits = new ManifestLimits(1 << 20, 64, 1000, 100, 1_000_000);
        String big = "x".repeat(5000);
        for (String json : List.of("{\"records\": [{\"stage\": \"" + big + "\"}]}",
                "{\"label\": \"" + big + "\", \"records\": []}",
                "{\"records\": [{\"stage\": \"s\", \"hint\": {\"a\": \"" + big + "\"}}]}")) {
            Path f = tmp.resolve("long-rank0.json");
            Files.writeString(f, json);
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new ManifestReader(limits).read(f));
            assertTrue(e.getMessage().contains("String value length") && e.getMessage().contains("1000"), e.getMessage());
        }
    }

    @Test
    void recordCountIsBounded() throws Exception {
        Path f = tmp.resolve("many-rank0.json");
        Files.writeString(f, "{\"records\": [" + "{\"stage\": \"s\"}, ".repeat(12) + "{\"stage\": \"s\"}]}");
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> new ManifestReader(new ManifestLimits(1 << 20, 64, 1000, 12, 1_000_000)).read(f));
        assertTrue(e.getMessage().contains("more than 12 records"), e.getMessage());
        assertEquals(13, new ManifestReader(new ManifestLimits(1 << 20, 64, 1000, 13, 1_000_000)).read(f).records().size());
    }

    @Test
    void overlongNumbersAreInvalidJson() {
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [{\"stage\": \"s\", \"order\": " + "9".repeat(5000) + "}]}"));
        assertTrue(e.getMessage().contains("invalid JSON") && e.getMessage().contains("Number value length"), e.getMessage());
    }

    @Test
    void limitsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(0, 64, 1000, 10, 1_000_000));
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(10, 0, 1000, 10, 1_000_000));
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(10, 64, -1, 10, 1_000_000));
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(10, 64, 1000, 0, 1_000_000));
    }
}
