package dev.tdw.model.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.json.JsonValues;
import dev.tdw.model.key.StageKey;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import dev.tdw.model.input.InputLocation;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.input.StrictUtf8InputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Reads a probe manifest with Jackson's streaming parser: the records array is walked one record at
 * a time so a 100k-record manifest never becomes one big tree. Python writes NaN/Infinity as bare
 * tokens, so those are accepted. Unknown fields are kept; missing fields stay null.
 */
public final class ManifestReader {
    private final JsonFactory factory;
    private final ManifestLimits limits;

    public ManifestReader() { this(ManifestLimits.DEFAULTS); }

    public ManifestReader(ManifestLimits limits) {
        this.limits = limits;
        this.factory = PythonJson.factory(limits.maxDepth(), limits.maxStringLength());
    }

    /**
     * Reads one manifest; an interrupt of the reading thread cancels it with {@link CancellationException}. Only a
     * regular file is opened (see {@link RegularFiles}); the JSON must be one object and nothing after it, as Python's
     * {@code json.load} requires.
     */
    public Manifest read(Path file) throws CaptureFormatException {
        try (FileChannel channel = RegularFiles.open(file)) {
            long size = channel.size();
            if (size > limits.maxBytes()) {
                throw new CaptureFormatException(file, "manifest is " + size + " bytes, over the limit of " + limits.maxBytes());
            }
            InputStream in = new StrictUtf8InputStream(Channels.newInputStream(channel));
            try (CountingParser p = new CountingParser(factory.createParser(in), limits.maxValues())) {
                try {
                    Manifest m = parse(file, p);
                    if (p.nextToken() != null) {
                        throw new CaptureFormatException(file, json(p.currentLocation()),
                                "invalid JSON at " + where(p.currentLocation()) + ": data after the manifest's object", null);
                    }
                    return m;
                } catch (TooManyValues e) {
                    JsonLocation at = p.currentLocation();
                    throw new CaptureFormatException(file, json(at), "invalid JSON at " + where(at) + ": " + e.getOriginalMessage(), e);
                } catch (JsonProcessingException e) {
                    // Limit violations (depth, string length) carry no location of their own; the parser knows it.
                    throw JsonWording.failure(file, e, p.currentLocation());
                }
            }
        } catch (IOException e) {
            throw JsonWording.failure(file, e, null);
        }
    }

    private static String where(JsonLocation loc) {
        return JsonWording.where(loc);
    }

    private static InputLocation json(JsonLocation loc) {
        return JsonWording.location(loc);
    }

    /**
     * A JSON value other than the records' fixed fields, read as a tree: metadata, graph slots, inputs, unknown
     * fields. The parser refuses a tree of more than {@link ManifestLimits#maxValues()} values while it is read, and
     * the trees kept in the manifest ({@code kept}) may not hold more than that in all.
     */
    private JsonNode tree(CountingParser p, boolean kept) throws IOException {
        p.startCounting();
        JsonNode node = JsonValues.readTree(p);
        long values = p.stopCounting();
        if (kept) p.keep(values);
        return node;
    }

    /** Counts the tokens of trees, so a tiny file cannot ask for millions of nodes (66M empty objects are 198 MB). */
    private static final class CountingParser extends JsonParserDelegate {
        private final long max;
        private long counted = -1;
        private long kept;

        CountingParser(JsonParser p, long max) {
            super(p);
            this.max = max;
        }

        void startCounting() { counted = 0; }

        long stopCounting() {
            long n = counted;
            counted = -1;
            return n;
        }

        void keep(long values) throws TooManyValues {
            kept += values;
            if (kept > max) throw tooMany("in all");
        }

        private void count() throws TooManyValues {
            if (counted >= 0 && ++counted > max) throw tooMany("in one value");
        }

        private TooManyValues tooMany(String where) {
            return new TooManyValues("more than " + max + " JSON values " + where
                    + " outside the records' fixed fields (limit)", delegate.currentLocation());
        }


        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken t = delegate.nextToken();
            if (t != null) count();
            return t;
        }

        @Override
        public String nextFieldName() throws IOException {
            String name = delegate.nextFieldName();
            count();
            return name;
        }

        @Override
        public boolean nextFieldName(SerializableString str) throws IOException {
            boolean match = delegate.nextFieldName(str);
            count();
            return match;
        }

        @Override
        public JsonToken nextValue() throws IOException {
            JsonToken t = delegate.nextValue();
            if (t != null) count();
            return t;
        }
    }

    /** The {@link ManifestLimits#maxValues()} bound, worded by us (unlike the parser's own errors, see {@link JsonWording}). */
    private static final class TooManyValues extends JsonProcessingException {
        TooManyValues(String message, JsonLocation at) {
            super(message, at);
        }
    }

    private Manifest parse(Path file, CountingParser p) throws IOException, CaptureFormatException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw new CaptureFormatException(file, "not a manifest: the top level is not a JSON object");
        }
        String probe = null, label = null, tensorFile = null;
        Integer rank = null, matchIndex = null, occurrence = null;
        Map<String, Object> metadata = null;
        List<String> stats = null;
        List<StageRecord> records = null;
        List<GraphSlot> slots = null;
        Map<String, Object> extra = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            JsonLocation at = p.currentTokenLocation();
            switch (field) {
                case "records" -> records = readRecords(file, p, t);
                default -> {
                    JsonNode node = tree(p, true);
                    switch (field) {
                        case "probe" -> probe = name(file, field, node, at);
                        case "label" -> label = name(file, field, node, at);
                        case "rank" -> rank = integer(file, field, node);
                        case "match_index" -> matchIndex = integer(file, field, node);
                        case "occurrence" -> occurrence = integer(file, field, node);
                        case "metadata" -> metadata = node.isObject() ? plainMap(node) : null;
                        case "stats" -> stats = strings(node);
                        case "graph_slots" -> slots = graphSlots(file, node);
                        case "tensor_file" -> tensorFile = name(file, field, node, at);
                        default -> extra.put(field, plain(node));
                    }
                }
            }
        }
        if (records == null) {
            throw new CaptureFormatException(file, "not a manifest: no \"records\" array");
        }
        return new Manifest(file, probe, label, rank, matchIndex, occurrence,
                metadata == null ? Map.of() : metadata, stats, records, slots, tensorFile, extra);
    }

    private List<StageRecord> readRecords(Path file, CountingParser p, JsonToken start) throws IOException, CaptureFormatException {
        if (start != JsonToken.START_ARRAY) {
            throw new CaptureFormatException(file, "\"records\" is not an array (at " + where(p.currentLocation()) + ")");
        }
        // The records' fixed fields are read from the parser itself: only trees are counted (see CountingParser).
        JsonParser raw = p.delegate();
        List<StageRecord> out = new ArrayList<>();
        StageKey.Counter keys = new StageKey.Counter();
        RepeatedValues shared = new RepeatedValues();
        while (raw.nextToken() != JsonToken.END_ARRAY) {
            if (out.size() >= limits.maxRecords()) {
                throw new CaptureFormatException(file, "more than " + limits.maxRecords() + " records");
            }
            if (raw.currentToken() != JsonToken.START_OBJECT) {
                throw new CaptureFormatException(file, "record " + out.size() + " at " + where(raw.currentLocation()) + " is not an object");
            }
            out.add(readRecord(file, out.size(), raw, p, keys, shared));
        }
        return out;
    }

    /**
     * One record, token by token: the hot path of a large manifest. Only nested objects (summary,
     * inputs) and unknown fields go through a tree, read through {@code counting} (the same parser, counted).
     */
    private StageRecord readRecord(Path file, int index, JsonParser p, CountingParser counting, StageKey.Counter keys,
                                   RepeatedValues shared) throws IOException, CaptureFormatException {
        String stage = null, dtype = null, device = null, summaryError = null;
        Long order = null, numel = null, ptr = null, offset = null;
        List<Long> shape = null, stride = null;
        Boolean contiguous = null, tensorSaved = null, inputSetSaved = null;
        Integer npuFormat = null;
        Summary summary = null;
        List<InputSpec> inputs = null;
        Map<String, Object> extra = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            try {
                switch (field) {
                    case "stage" -> stage = nameToken(p, t);
                    case "order" -> order = longToken(p, t);
                    case "shape" -> shape = longArray(p, t, shared);
                    case "stride" -> stride = longArray(p, t, shared);
                    case "dtype" -> dtype = t == JsonToken.VALUE_STRING ? sharedText(p, shared) : textOf(counting, t);
                    case "device" -> device = t == JsonToken.VALUE_STRING ? sharedText(p, shared) : textOf(counting, t);
                    case "numel" -> numel = shared(longToken(p, t), shared);
                    case "storage_ptr" -> ptr = longToken(p, t);
                    case "storage_offset" -> offset = shared(longToken(p, t), shared);
                    case "contiguous" -> contiguous = boolToken(p, t);
                    case "tensor_saved" -> tensorSaved = boolToken(p, t);
                    case "input_set_saved" -> inputSetSaved = boolToken(p, t);
                    case "summary_error" -> summaryError = textOf(counting, t);
                    case "npu_format" -> {
                        Long f = t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null;
                        if (f == null) p.skipChildren();
                        npuFormat = f == null || f != f.intValue() ? null : f.intValue();
                    }
                    case "summary" -> summary = summary(p, t);
                    case "inputs" -> inputs = inputs(file, index, stage, tree(counting, false));
                    default -> {
                        if (extra == null) extra = new LinkedHashMap<>();
                        extra.put(field, plain(tree(counting, true)));
                    }
                }
            } catch (Refused e) {
                // The record's words are made only now, so a large manifest builds no context per field.
                JsonLocation at = p.currentLocation();
                throw new CaptureFormatException(file, json(at), "record " + index + (stage == null ? "" : " (" + stage + ")")
                        + " " + field + " " + e.getMessage() + " (at " + where(at) + ")", null);
            }
        }
        if (stage == null) {
            throw new CaptureFormatException(file, "record " + index + " has no \"stage\" name");
        }
        if (order != null && (order < Integer.MIN_VALUE || order > Integer.MAX_VALUE)) {
            throw new CaptureFormatException(file, "record " + index + " (" + stage + ") order is out of range: " + order);
        }
        return new StageRecord(keys.next(stage), stage, order == null ? null : order.intValue(),
                new Layout(shape, dtype, numel, device, stride, contiguous, ptr, offset, npuFormat), summary, summaryError,
                tensorSaved, inputs, inputSetSaved, extra);
    }

    /** The current string token, shared with earlier records that had the same text. */
    private static String sharedText(JsonParser p, RepeatedValues shared) throws IOException {
        return shared.text(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
    }

    private static Long shared(Long value, RepeatedValues shared) {
        return value == null ? null : shared.number(value);
    }

    /** The inputs of record {@code index}; a refused value is worded with the record, its stage and the input. */
    private static List<InputSpec> inputs(Path file, int index, String stage, JsonNode in) throws CaptureFormatException {
        if (!in.isObject()) return null;
        List<InputSpec> inputs = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = in.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.has("value") && !v.has("shape") && !v.has("dtype")) {
                JsonNode value = v.get("value");
                inputs.add(new InputSpec(e.getKey(), null, value.isTextual() ? value.asText() : value.toString()));
            } else {
                try {
                    inputs.add(new InputSpec(e.getKey(), layout(v), null));
                } catch (Refused r) {
                    throw new CaptureFormatException(file, "record " + index + " (" + stage + ") input " + e.getKey() + " " + r.getMessage());
                }
            }
        }
        return inputs;
    }

    private String textOf(CountingParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) return null;
        if (t == JsonToken.VALUE_STRING) return p.getText();
        return tree(p, false).toString();
    }

    /**
     * The statistics, streamed into six slots (no map per record): only numbers of the six names are kept, anything
     * else is skipped unread; a repeated name keeps its last value, and a later non-number clears it.
     */
    private static Summary summary(JsonParser p, JsonToken t) throws IOException, Refused {
        if (t != JsonToken.START_OBJECT) {
            p.skipChildren();
            return null;
        }
        double[] values = new double[6];
        int present = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            int slot = statistic(p.currentName());
            JsonToken v = p.nextToken();
            boolean number = v.isNumeric();
            if (slot >= 0 && number) {
                values[slot] = p.getDoubleValue();
                if (slot < 2 && !isCount(values[slot])) throw new Refused(p.currentName() + " is not a count: " + p.getText());
                present |= 1 << slot;
            } else if (slot >= 0) {
                present &= ~(1 << slot);
            }
            if (!number) p.skipChildren();
        }
        return new Summary(values, present);
    }

    /**
     * Whether a statistic can be {@code nan_count} or {@code inf_count}: a whole number of elements, at least 0 (Python
     * may write it as 3.0). A negative count would hide the non-finite elements a positive one shows.
     */
    private static boolean isCount(double v) {
        return v >= 0 && v == Math.rint(v) && v != Double.POSITIVE_INFINITY;
    }

    /** The slot of a statistic in {@link Summary#NAMES}' order, -1 for any other name. */
    private static int statistic(String name) {
        return switch (name) {
            case "nan_count" -> 0;
            case "inf_count" -> 1;
            case "max_abs" -> 2;
            case "min" -> 3;
            case "max" -> 4;
            case "mean" -> 5;
            default -> -1;
        };
    }

    /**
     * A value refused: a record's fixed field, or a field of a tree (an input's layout, a graph slot, a top-level
     * number). What it belongs to (record, stage, input, slot) is added by the caller, so the words are made only when
     * something is refused, never per value of a large manifest. No stack trace: the caller rethrows it with its context.
     */
    private static final class Refused extends Exception {
        Refused(String problem) {
            super(problem, null, false, false);
        }
    }

    private static Boolean boolToken(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_TRUE) return true;
        if (t == JsonToken.VALUE_FALSE) return false;
        p.skipChildren();
        return null;
    }

    private static Long longToken(JsonParser p, JsonToken t) throws IOException, Refused {
        switch (t) {
            case VALUE_NULL:
                return null;
            case VALUE_NUMBER_INT:
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) break;
                return p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                // Counts written by Python as 3.0 are still integers.
                double d = p.getDoubleValue();
                if (d == Math.rint(d) && Math.abs(d) < 0x1p63) return (long) d;
                break;
            default:
                break;
        }
        throw new Refused("is not an integer: " + tokenText(p, t));
    }

    /** A refused token as a message shows it: its text, or "a list" or "an object" rather than the bracket. */
    private static String tokenText(JsonParser p, JsonToken t) throws IOException {
        return t == JsonToken.START_ARRAY ? "a list" : t == JsonToken.START_OBJECT ? "an object" : p.getText();
    }

    private static List<Long> longArray(JsonParser p, JsonToken t, RepeatedValues shared) throws IOException, Refused {
        if (t == JsonToken.VALUE_NULL) return null;
        if (t != JsonToken.START_ARRAY) {
            throw new Refused("is not an array: " + (t == JsonToken.START_OBJECT ? "an object" : p.getText()));
        }
        long[] values = new long[RepeatedValues.MAX_LONGS];
        int n = 0;
        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
            Long v = longToken(p, e);
            if (v == null) throw new Refused("is not an integer: null");
            if (n == values.length) values = java.util.Arrays.copyOf(values, n * 2);
            values[n++] = v;
        }
        return shared.longs(values, n);
    }

    /** A layout read from a tree; a refused field is named in the {@link Refused}, its owner by the caller. */
    private static Layout layout(JsonNode n) throws Refused {
        JsonNode fmt = n.get("npu_format");
        return new Layout(longs("shape", n.get("shape")), text(n.get("dtype")),
                longValue("numel", n.get("numel")), text(n.get("device")),
                longs("stride", n.get("stride")), bool(n.get("contiguous")),
                longValue("storage_ptr", n.get("storage_ptr")),
                longValue("storage_offset", n.get("storage_offset")),
                fmt == null || !fmt.canConvertToInt() ? null : fmt.asInt());
    }

    private List<GraphSlot> graphSlots(Path file, JsonNode node) throws CaptureFormatException {
        List<GraphSlot> out = new ArrayList<>();
        if (!node.isObject()) return out;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            try {
                out.add(new GraphSlot(e.getKey(), longs("shape", v.get("shape")), text(v.get("dtype"))));
            } catch (Refused r) {
                throw new CaptureFormatException(file, "graph slot " + e.getKey() + " " + r.getMessage());
            }
        }
        return out;
    }

    /**
     * A name field (a record's {@code stage}; {@code probe}, {@code label}, {@code tensor_file}): a string, or null when
     * absent. Anything else is refused, never turned into text: {@code {"a": 1}} as a label would pair by its spelling.
     */
    private static String nameToken(JsonParser p, JsonToken t) throws IOException, Refused {
        if (t == JsonToken.VALUE_NULL) return null;
        if (t == JsonToken.VALUE_STRING) return p.getText();
        throw new Refused("is not a string: " + tokenText(p, t));
    }

    private static String name(Path file, String field, JsonNode n, JsonLocation at) throws CaptureFormatException {
        if (n.isNull() || n.isTextual()) return n.isNull() ? null : n.asText();
        String what = n.isArray() ? "a list" : n.isObject() ? "an object" : n.toString();
        throw new CaptureFormatException(file, json(at), field + " is not a string: " + what + " (at " + where(at) + ")", null);
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.isTextual() ? n.asText() : n.toString();
    }

    private static Boolean bool(JsonNode n) {
        return n == null || !n.isBoolean() ? null : n.asBoolean();
    }

    private static Double number(JsonNode n) {
        return n == null || !n.isNumber() ? null : n.doubleValue();
    }

    private static Integer integer(Path file, String what, JsonNode n) throws CaptureFormatException {
        Long v;
        try {
            v = longValue(what, n);
        } catch (Refused r) {
            throw new CaptureFormatException(file, r.getMessage());
        }
        if (v == null) return null;
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new CaptureFormatException(file, what + " is out of range: " + v);
        }
        return v.intValue();
    }

    private static Long longValue(String what, JsonNode n) throws Refused {
        if (n == null || n.isNull()) return null;
        if (n.isIntegralNumber() && n.canConvertToLong()) return n.asLong();
        // Counts written by Python as 3.0 are still integers.
        if (n.isFloatingPointNumber() && n.doubleValue() == Math.rint(n.doubleValue()) && Math.abs(n.doubleValue()) < 0x1p63) {
            return (long) n.doubleValue();
        }
        throw new Refused(what + " is not an integer: " + n);
    }

    private static List<Long> longs(String what, JsonNode n) throws Refused {
        if (n == null || n.isNull()) return null;
        if (!n.isArray()) throw new Refused(what + " is not an array: " + n);
        List<Long> out = new ArrayList<>(n.size());
        for (JsonNode e : n) {
            // An element may not be null (as in a record's own shape): a shape or stride with a hole means nothing.
            if (e.isNull()) throw new Refused(what + " is not an integer: null");
            out.add(longValue(what, e));
        }
        return out;
    }

    private static List<String> strings(JsonNode n) {
        if (n == null || !n.isArray()) return null;
        List<String> out = new ArrayList<>();
        for (JsonNode e : n) out.add(e.asText());
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> plainMap(JsonNode node) {
        return (Map<String, Object>) JsonValues.plain(node);
    }

    private static Object plain(JsonNode node) {
        return JsonValues.plain(node);
    }
}
