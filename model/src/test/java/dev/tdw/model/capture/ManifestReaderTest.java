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
        assertTrue(deep.getMessage().contains("nested deeper than 64 levels (limit)"), deep.getMessage());
        ManifestLimits small = new ManifestLimits(10, 64, 1000, 10, 1_000_000);
        CaptureFormatException big = assertThrows(CaptureFormatException.class, () -> new ManifestReader(small).read(f));
        assertTrue(big.getMessage().contains("over the limit"), big.getMessage());
    }

    @Test
    void depthIsBoundedInsideRecordsToo() throws Exception {
        String deep = "[".repeat(100) + "]".repeat(100);
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> read("{\"records\": [{\"stage\": \"s\", \"hint\": " + deep + "}]}"));
        assertTrue(e.getMessage().contains("nested deeper than 64 levels") && e.getMessage().contains("line 1"), e.getMessage());
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
            assertTrue(e.getMessage().contains("a string longer than 1000 characters (limit)"), e.getMessage());
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
        assertTrue(e.getMessage().contains("invalid JSON") && e.getMessage().contains("a number longer than 1000 characters (limit)"), e.getMessage());
    }

    /** A negative count hid the NaNs a positive one shows (scan adds the two); a fractional one is no count at all. */
    @Test
    void nonFiniteCountsMustBeWholeAndNotNegative() throws Exception {
        for (String count : List.of("-1", "-1.0", "0.5", "1e400", "NaN", "-Infinity")) {
            for (String name : List.of("nan_count", "inf_count")) {
                CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> read("{\"records\": [{\"stage\": \"a\"},\n"
                        + " {\"stage\": \"b\", \"summary\": {\"max\": 1.0, \"" + name + "\": " + count + "}}]}"), name + " " + count);
                assertTrue(e.getMessage().contains("record 1 (b) summary " + name + " is not a count: " + count + " (at line 2, column "),
                        e.getMessage());
                assertEquals(2, ((InputLocation.Json) e.location().orElseThrow()).line());
            }
        }
        Summary s = read("{\"records\": [{\"stage\": \"s\", \"summary\": {\"nan_count\": 3.0, \"inf_count\": 0}}]}").records().get(0).summary();
        assertEquals(3.0, s.nanCount());
        assertEquals(0.0, s.infCount());
    }

    /** A label or stage that is an object or a number was turned into its JSON text, and paired by that spelling. */
    @Test
    void namesMustBeStrings() throws Exception {
        String[][] cases = {
                {"{\"label\": {\"a\": 1}, \"records\": []}", "label is not a string: an object (at line 1, column 11)"},
                {"{\"records\": [],\n \"label\": 7}", "label is not a string: 7 (at line 2, column 11)"},
                {"{\"label\": [\"x\"], \"records\": []}", "label is not a string: a list (at line 1, column 11)"},
                {"{\"records\": [], \"tensor_file\": 3}", "tensor_file is not a string: 3 (at line 1, column "},
                {"{\"records\": [{\"stage\": 5}]}", "record 0 stage is not a string: 5 (at line 1, column "},
                {"{\"records\": [{\"stage\": {\"order\": 1}}]}", "record 0 stage is not a string: an object (at line 1, column "},
        };
        for (String[] c : cases) {
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> read(c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            assertTrue(e.location().isPresent(), c[0]);
        }
        assertNull(read("{\"label\": null, \"records\": []}").label());
    }

    /**
     * The bytes are UTF-8 without a byte order mark. Jackson read UTF-16 and UTF-32 (recognised by the NUL bytes of the
     * first characters) and skipped a UTF-8 byte order mark; Python's json.load of the probe's UTF-8 file refuses both.
     */
    @Test
    void onlyUtf8WithoutAByteOrderMarkIsRead() throws Exception {
        String json = "{\"records\": [{\"stage\": \"s\"}]}";
        Path f = tmp.resolve("enc-rank0.json");
        for (String charset : List.of("UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE")) {
            Files.write(f, json.getBytes(java.nio.charset.Charset.forName(charset)));
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(f), charset);
            assertTrue(e.getMessage().contains("a NUL byte") && e.getMessage().contains("line 1, column "), charset + ": " + e.getMessage());
        }
        byte[] utf8 = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bom = new byte[utf8.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, bom, 3, utf8.length);
        Files.write(f, bom);
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(f));
        assertTrue(e.getMessage().endsWith("invalid UTF-8 at line 1, column 1 (byte 0): a byte order mark (EF BB BF) at the start;"
                + " a manifest is UTF-8 without one"), e.getMessage());
        Files.write(f, utf8);
        assertEquals("s", new ManifestReader().read(f).records().get(0).stage());
    }

    /** Every way the JSON itself can be broken is said in our words, with the line and column; none of Jackson's. */
    @Test
    void brokenJsonIsWordedWithoutTheParsersInternals() {
        String[][] cases = {
                {"{\"records\": [{\"stage\": ,}]}", "unexpected ',' where a value belongs"},
                {"{\"records\" []}", "unexpected '[': expected ':' after a field name"},
                {"{\"records\": [] \"x\": 1}", "unexpected '\"': expected ',' or '}'"},
                {"{records: []}", "unexpected 'r': expected a field name in double quotes (a comma too many?)"},
                {"{\"records\": [], \"x\": [1 2]}", "unexpected '2': expected ',' or ']'"},
                {"{\"records\": [], \"x\": tru}", "unknown word 'tru' where a value belongs (a string, number, list, object, true, false or null)"},
                {"{\"records\": [], \"x\": 01}", "malformed number: a leading zero"},
                {"{\"records\": [], \"x\": 1e}", "malformed number: '}' where a digit belongs"},
                {"{\"records\": [], \"x\": +1}", "malformed number: '+' is not allowed"},
                {"{\"records\": [], \"x\": \"a\tb\"}", "control character U+0009 inside a string (it must be escaped)"},
                {"{\"records\": [], \"x\": \"\\q\"}", "invalid escape \\q in a string"},
                {"{\"records\": [], \"x\": \"\\u12g4\"}", "unexpected 'g' in a \\u escape: expected a hex digit"},
                {"{\"records\": [}", "'}' where ']' closes the open list"},
                {"{\"records\": []]", "']' where '}' closes the open object"},
                {"{\"records\": [], \"x\": \"abc", "the file ends inside the JSON (cut short?), inside a string"},
                {"{\"records\": [], \"x\": [1,", "the file ends inside the JSON (cut short?), inside a list"},
                {"{\"records\":", "the file ends inside the JSON (cut short?), inside an object"},
                {"{\"rec", "the file ends inside the JSON (cut short?), inside a field name"},
                {"{\"records\": [] /* c */}", "'/': comments are not JSON"},
                {"{\"records\": [], \"x\": 1,}", "unexpected '}': expected a field name in double quotes (a comma too many?)"},
                {"{\"records\": [], \"x\": 'a'}", "unexpected ''' where a value belongs"},
        };
        for (String[] c : cases) {
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> read(c[0]), c[0]);
            assertTrue(e.getMessage().contains("invalid JSON at line 1, column ") && e.getMessage().endsWith(": " + c[1]),
                    c[0] + " -> " + e.getMessage());
            assertTrue(e.location().isPresent(), c[0]);
            for (String internal : List.of("Source", "REDACTED", "Feature", "StreamRead", "code ", "CTRL-CHAR", "VALUE_", "was expecting",
                    "Unexpected", "Unrecognized", "end-of-input", "`")) {
                assertTrue(!e.getMessage().contains(internal), c[0] + " -> " + e.getMessage());
            }
        }
    }

    @Test
    void limitsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(0, 64, 1000, 10, 1_000_000));
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(10, 0, 1000, 10, 1_000_000));
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(10, 64, -1, 10, 1_000_000));
        assertThrows(IllegalArgumentException.class, () -> new ManifestLimits(10, 64, 1000, 0, 1_000_000));
    }
}
