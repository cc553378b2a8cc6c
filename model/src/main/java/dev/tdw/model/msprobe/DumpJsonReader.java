package dev.tdw.model.msprobe;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.key.StageKey;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one msprobe {@code dump.json} as a manifest, streaming: only one op's entry is held at a time (bounded by
 * {@link MsprobeLimits#maxValuesPerOp()}), never the file's tree. Each tensor or argument of an op is a stage named as
 * msprobe's compare names its rows ({@code {op}.input.0}, {@code {op}.input.keepdim}, {@code {op}.parameters.weight},
 * {@code {op}.output.0}, {@code {module}.parameters_grad.0.weight}), inputs then parameters then outputs, ops in file
 * order. What this reader does not know is refused with the file, line and column, never guessed.
 */
public final class DumpJsonReader {
    /** The statistics a manifest of this format carries (docs/msprobe.md). */
    public static final List<String> STATS = List.of("nan_count", "inf_count", "max_abs", "min", "max", "mean", "norm");

    private static final List<String> TOP_FIELDS = List.of("task", "level", "framework", "dump_data_dir", "data");
    private static final List<String> TENSOR_FIELDS = List.of("type", "dtype", "shape", "Max", "Min", "Mean", "Norm",
            "requires_grad", "md5", "xor", "data_name");
    private static final List<String> VALUE_FIELDS = List.of("type", "value", "group_ranks", "group_id");
    private static final Set<String> TENSOR_TYPES = Set.of("torch.Tensor", "mindspore.Tensor");

    private final JsonFiles files;
    private final MsprobePairing pairing;

    public DumpJsonReader() { this(MsprobeLimits.DEFAULTS); }

    public DumpJsonReader(MsprobeLimits limits) { this(new JsonFiles(limits), MsprobePairing.EXACT); }

    /** @param pairing how the stages' keys are made: what pairs with what in a diff */
    DumpJsonReader(JsonFiles files, MsprobePairing pairing) {
        this.files = files;
        this.pairing = pairing;
    }

    /**
     * @param label   the manifest's label: the step folder ({@code step0})
     * @param step    the step number, the forward's index across ranks; null when not known
     * @param rank    the rank folder's number; null for a {@code proc{pid}} folder or a file given alone
     * @param modules op -> its enclosing modules from {@code construct.json}, outermost first (may be empty)
     * @param stacks  op -> call stack from {@code stack.json} (may be empty)
     */
    public Manifest read(Path file, String label, Integer step, Integer rank, Map<String, List<String>> modules,
                         Map<String, List<String>> stacks) throws CaptureFormatException {
        return files.read(file, p -> new Parse(file, p, modules, stacks).manifest(label, step, rank));
    }

    /** A manifest of this format: {@code records} of the dump at {@code file}, none for a header ({@link MsprobeDump#index}). */
    static Manifest manifest(Path file, String label, Integer step, Integer rank, Map<String, Object> metadata, List<StageRecord> records) {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("format", MsprobeEntry.FORMAT);
        return new Manifest(file, MsprobeEntry.FORMAT, label, rank, step, null, metadata, STATS, records, List.of(), null, extra);
    }

    /** One file's reading state. */
    private final class Parse {
        private final Path file;
        private final JsonParser p;
        private final Map<String, List<String>> modules;
        private final Map<String, List<String>> stacks;
        private final List<StageRecord> records = new ArrayList<>();
        private final StageKey.Counter keys = new StageKey.Counter();
        private int opValues;

        Parse(Path file, JsonParser p, Map<String, List<String>> modules, Map<String, List<String>> stacks) {
            this.file = file;
            this.p = p;
            this.modules = modules;
            this.stacks = stacks;
        }

        Manifest manifest(String label, Integer step, Integer rank) throws IOException {
            if (p.nextToken() != JsonToken.START_OBJECT) throw refused("a dump.json is one JSON object");
            Map<String, Object> metadata = new LinkedHashMap<>();
            boolean data = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                if (!TOP_FIELDS.contains(name)) throw refused("unknown top-level field " + quoted(name) + " (known: " + TOP_FIELDS + ")");
                JsonToken t = p.nextToken();
                if (name.equals("data")) {
                    if (t != JsonToken.START_OBJECT) throw refused("\"data\" must be an object of op entries");
                    data = true;
                    readData();
                } else if (t == JsonToken.VALUE_STRING) {
                    metadata.put(name, p.getText());
                } else if (t == JsonToken.VALUE_NULL) {
                    metadata.put(name, null);
                } else {
                    throw refused(quoted(name) + " must be a string or null");
                }
            }
            if (!data) throw refused("no \"data\" object: not an msprobe dump.json");
            Object task = metadata.get("task");
            if (task != null && !task.equals("statistics") && !task.equals("tensor")) {
                throw new CaptureFormatException(file, "task " + quoted(String.valueOf(task))
                        + " is not read (only the statistics and tensor tasks: docs/msprobe.md)");
            }
            return DumpJsonReader.manifest(file, label, step, rank, metadata, records);
        }

        private void readData() throws IOException {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String op = p.currentName();
                JsonLocation at = p.currentTokenLocation();
                if (p.nextToken() != JsonToken.START_OBJECT) throw refused("op entry " + quoted(op) + " must be an object");
                opValues = 0;
                Obj entry = object(at);
                op(op, entry);
            }
        }

        /** One op's stages, in msprobe's row order: inputs, parameters, outputs (parameter gradients: each parameter). */
        private void op(String op, Obj entry) throws CaptureFormatException {
            List<String> parts = Arrays.asList(op.split("\\.", -1));
            List<String> module = modules.getOrDefault(op, List.of());
            List<String> stack = stacks.getOrDefault(op, List.of());
            if (parts.contains("parameters_grad")) {
                for (Map.Entry<String, Object> e : entry.fields.entrySet()) {
                    leaves(e.getValue(), op + "." + e.getKey(), true, new Where(op, MsprobeEntry.Role.PARAMETERS_GRAD,
                            MsprobeEntry.Direction.BACKWARD, module, stack), entry);
                }
                return;
            }
            MsprobeEntry.Direction direction = parts.contains("backward") ? MsprobeEntry.Direction.BACKWARD
                    : parts.contains("forward") ? MsprobeEntry.Direction.FORWARD : null;
            if (direction == null) {
                throw JsonFiles.refused(file, entry.at, "op " + quoted(op) + " is neither forward, backward nor parameters_grad");
            }
            for (String field : entry.fields.keySet()) {
                if (!Set.of("input_args", "input_kwargs", "input", "output", "parameters").contains(field)) {
                    throw JsonFiles.refused(file, entry.at, "op " + quoted(op) + " has an unknown field " + quoted(field)
                            + " (known: input_args, input_kwargs, input, parameters, output)");
                }
            }
            Where in = new Where(op, MsprobeEntry.Role.INPUT, direction, module, stack);
            for (String field : List.of("input_args", "input_kwargs", "input")) {
                if (entry.fields.containsKey(field)) leaves(entry.fields.get(field), op + ".input", false, in, entry);
            }
            if (entry.fields.containsKey("parameters")) {
                leaves(entry.fields.get("parameters"), op + ".parameters", false,
                        new Where(op, MsprobeEntry.Role.PARAMETERS, direction, module, stack), entry);
            }
            if (entry.fields.containsKey("output")) {
                leaves(entry.fields.get("output"), op + ".output", false,
                        new Where(op, MsprobeEntry.Role.OUTPUT, direction, module, stack), entry);
            }
        }

        /**
         * msprobe's naming: a list adds {@code .i} (not under parameter gradients), an object that is not a leaf adds
         * {@code .key}, a leaf (an object with a string {@code type}) or {@code null} is one stage, an empty list or
         * object none.
         */
        private void leaves(Object value, String name, boolean paramsGrad, Where where, Obj parent) throws CaptureFormatException {
            if (value == null) {
                add(name, Layout.EMPTY, null, new MsprobeEntry(MsprobeEntry.Kind.ABSENT, null, null, null, null, null, null,
                        null, where.direction, where.op, where.role, where.modules, where.stack, null), parent.at);
            } else if (value instanceof List<?> list) {
                for (int i = 0; i < list.size(); i++) leaves(list.get(i), paramsGrad ? name : name + "." + i, paramsGrad, where, parent);
            } else if (value instanceof Obj o) {
                if (o.fields.get("type") instanceof String) {
                    leaf(o, name, where);
                } else {
                    for (Map.Entry<String, Object> e : o.fields.entrySet()) leaves(e.getValue(), name + "." + e.getKey(), paramsGrad, where, o);
                }
            } else {
                throw JsonFiles.refused(file, parent.at, quoted(name) + " is a bare " + describe(value)
                        + ", not an object with a \"type\" (a tensor or an argument)");
            }
        }

        private void leaf(Obj o, String name, Where where) throws CaptureFormatException {
            String type = (String) o.fields.get("type");
            boolean tensor = TENSOR_TYPES.contains(type);
            List<String> known = tensor ? TENSOR_FIELDS : VALUE_FIELDS;
            for (String field : o.fields.keySet()) {
                if (!known.contains(field)) {
                    throw JsonFiles.refused(file, o.at, quoted(name) + " (type " + quoted(type) + ") has an unknown field "
                            + quoted(field) + " (known: " + known + ")");
                }
            }
            if (!tensor) {
                if (!o.fields.containsKey("value") && !o.fields.containsKey("group_ranks")) {
                    throw JsonFiles.refused(file, o.at, quoted(name) + " (type " + quoted(type) + ") is not a tensor and has no \"value\"");
                }
                Object v = o.fields.containsKey("value") ? o.fields.get("value") : o.fields.get("group_ranks");
                add(name, new Layout(null, type, null, null, null, null, null, null, null), null,
                        new MsprobeEntry(MsprobeEntry.Kind.VALUE, type, null, null, null, null, null, json(v),
                                where.direction, where.op, where.role, where.modules, where.stack, groupRanks(o, name)), o.at);
                return;
            }
            String dtype = string(o, name, "dtype", true);
            List<Long> shape = shape(o, name);
            Double max = statistic(o, name, "Max"), min = statistic(o, name, "Min");
            Double mean = statistic(o, name, "Mean"), norm = statistic(o, name, "Norm");
            Object grad = o.fields.get("requires_grad");
            if (grad != null && !(grad instanceof Boolean)) throw JsonFiles.refused(file, o.at, quoted(name) + ": \"requires_grad\" must be true or false");
            Summary summary = max == null && min == null && mean == null ? null : summary(max, min, mean);
            add(name, new Layout(shape, dtype, numel(shape), null, null, null, null, null, null), summary,
                    new MsprobeEntry(MsprobeEntry.Kind.TENSOR, type, norm, (Boolean) grad, string(o, name, "md5", false),
                            string(o, name, "xor", false), string(o, name, "data_name", false), null, where.direction,
                            where.op, where.role, where.modules, where.stack, null), o.at);
        }

        private void add(String name, Layout layout, Summary summary, MsprobeEntry entry, JsonLocation at) throws CaptureFormatException {
            if (records.size() >= files.limits().maxEntries()) {
                throw JsonFiles.refused(file, at, "more than " + files.limits().maxEntries() + " tensors and arguments; refused");
            }
            records.add(new StageRecord(keys.next(pairing.keyBase(entry.op(), name)), name, records.size(), layout, summary, null,
                    entry.dataName() != null ? Boolean.TRUE : null, null, null, Map.of(MsprobeEntry.KEY, entry)));
        }

        /** A process group's {@code group_ranks} (msprobe writes them for a communication op's group argument), else null. */
        private List<Integer> groupRanks(Obj o, String name) throws CaptureFormatException {
            if (!o.fields.containsKey("group_ranks")) return null;
            if (!(o.fields.get("group_ranks") instanceof List<?> ranks)) {
                throw JsonFiles.refused(file, o.at, quoted(name) + ": \"group_ranks\" must be a list of ranks");
            }
            List<Integer> out = new ArrayList<>(ranks.size());
            for (Object r : ranks) {
                if (!(r instanceof Num n) || !n.integral || n.value < 0 || n.value > Integer.MAX_VALUE) {
                    throw JsonFiles.refused(file, o.at, quoted(name) + ": \"group_ranks\" holds non-negative integers, not " + describe(r));
                }
                out.add((int) n.value);
            }
            return List.copyOf(out);
        }

        private List<Long> shape(Obj o, String name) throws CaptureFormatException {
            if (!(o.fields.get("shape") instanceof List<?> dims)) throw JsonFiles.refused(file, o.at, quoted(name) + ": a tensor needs a \"shape\" list");
            if (dims.size() > files.limits().maxShapeDims()) {
                throw JsonFiles.refused(file, o.at, quoted(name) + ": a shape of more than " + files.limits().maxShapeDims() + " dimensions; refused");
            }
            List<Long> shape = new ArrayList<>(dims.size());
            for (Object d : dims) {
                if (!(d instanceof Num n) || !n.integral || n.value < 0 || n.value > Long.MAX_VALUE) {
                    throw JsonFiles.refused(file, o.at, quoted(name) + ": a shape holds non-negative integers, not " + describe(d));
                }
                shape.add(Long.parseLong(n.text));
            }
            return shape;
        }

        /** A number, a bare NaN/Infinity token, null (not written), or a boolean tensor's true/false (its any/all). */
        private Double statistic(Obj o, String name, String field) throws CaptureFormatException {
            Object v = o.fields.get(field);
            if (v == null) return null;
            if (v instanceof Num n) return n.value;
            if (v instanceof Boolean b) return b ? 1.0 : 0.0;
            throw JsonFiles.refused(file, o.at, quoted(name) + ": " + quoted(field) + " must be a number or null, not " + describe(v));
        }

        private String string(Obj o, String name, String field, boolean required) throws CaptureFormatException {
            Object v = o.fields.get(field);
            if (v instanceof String s) return s;
            if (v == null && !required) return null;
            throw JsonFiles.refused(file, o.at, quoted(name) + ": " + quoted(field) + (required ? " is required and" : "") + " must be a string");
        }

        /** Reads the value at the current token into a small tree: one op's entry, bounded. */
        private Object value() throws IOException {
            if (++opValues > files.limits().maxValuesPerOp()) {
                throw refused("an op entry of more than " + files.limits().maxValuesPerOp() + " JSON values; refused");
            }
            JsonToken t = p.currentToken();
            return switch (t) {
                case START_OBJECT -> object(p.currentTokenLocation());
                case START_ARRAY -> {
                    List<Object> list = new ArrayList<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) list.add(value());
                    yield list;
                }
                case VALUE_STRING -> p.getText();
                case VALUE_NUMBER_INT -> new Num(p.getText(), p.getDoubleValue(), true);
                case VALUE_NUMBER_FLOAT -> new Num(p.getText(), p.getDoubleValue(), false);
                case VALUE_TRUE -> Boolean.TRUE;
                case VALUE_FALSE -> Boolean.FALSE;
                case VALUE_NULL -> null;
                default -> throw refused("unexpected " + t);
            };
        }

        private Obj object(JsonLocation at) throws IOException {
            Map<String, Object> fields = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (fields.containsKey(name)) throw refused("field " + quoted(name) + " appears twice");
                fields.put(name, value());
            }
            return new Obj(fields, at);
        }

        private CaptureFormatException refused(String problem) { return JsonFiles.refused(file, p, problem); }
    }

    private record Where(String op, MsprobeEntry.Role role, MsprobeEntry.Direction direction, List<String> modules, List<String> stack) {}

    /** An object of an op's entry, with where it starts for messages. */
    private record Obj(Map<String, Object> fields, JsonLocation at) {}

    /** A number as written (kept for argument values) and as a double. */
    private record Num(String text, double value, boolean integral) {}

    /**
     * The statistics: max_abs derived when Max and Min are finite. A non-finite Max or Min says a NaN or an infinity is
     * present without a count: its count is {@code +Infinity} ("present"); finite Max and Min prove there is none (0).
     * A NaN Max or Min hides any infinity, which neither msprobe nor tdw can then see: the infinity count is 0 there,
     * read as "none seen", so that the finding names only what is known (docs/msprobe.md says what is lost).
     */
    static Summary summary(Double max, Double min, Double mean) {
        boolean nan = isNaN(max) || isNaN(min);
        boolean inf = !nan && (isInfinite(max) || isInfinite(min));
        boolean finite = max != null && min != null && Double.isFinite(max) && Double.isFinite(min);
        Double present = Double.POSITIVE_INFINITY;
        return new Summary(nan ? present : 0.0, inf ? present : 0.0,
                finite ? Math.max(Math.abs(max), Math.abs(min)) : null, min, max, mean);
    }

    private static boolean isNaN(Double v) { return v != null && v.isNaN(); }

    private static boolean isInfinite(Double v) { return v != null && v.isInfinite(); }

    private static Long numel(List<Long> shape) {
        long n = 1;
        for (long d : shape) {
            try {
                n = Math.multiplyExact(n, d);
            } catch (ArithmeticException e) {
                return null;
            }
        }
        return n;
    }

    /** An argument's value as compact JSON text: what is compared, exactly. */
    private static String json(Object v) {
        if (v == null) return "null";
        if (v instanceof Num n) return n.text;
        if (v instanceof String s) return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        if (v instanceof Boolean b) return b.toString();
        StringBuilder b = new StringBuilder();
        if (v instanceof List<?> list) {
            b.append('[');
            for (int i = 0; i < list.size(); i++) b.append(i == 0 ? "" : ", ").append(json(list.get(i)));
            return b.append(']').toString();
        }
        Obj o = (Obj) v;
        b.append('{');
        boolean first = true;
        for (Map.Entry<String, Object> e : o.fields.entrySet()) {
            b.append(first ? "" : ", ").append(json(e.getKey())).append(": ").append(json(e.getValue()));
            first = false;
        }
        return b.append('}').toString();
    }

    private static String describe(Object v) {
        if (v instanceof Num n) return "the number " + n.text;
        if (v instanceof String) return "a string";
        if (v instanceof Boolean b) return b.toString();
        if (v instanceof List<?>) return "a list";
        return v == null ? "null" : "an object";
    }

    private static String quoted(String s) { return dev.tdw.model.text.SafeText.quoted(s); }
}
