package dev.tdw.model.testing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A test reproduction with the probe inside, run as its own process ({@link #command()}): a tiny decoder that serves
 * several requests, some in chunks (one label, several calls), over several ranks, and captures as the probe does
 * (capture-format.md §1): it reads every {@code DUMP_PROBE_*} variable, arms only the {@code MATCH}-th distinct label's
 * {@code OCCURRENCE}-th call on the {@code RANKS}, gives statistics to the stages {@code SUMMARY} selects and saves
 * the whole tensors {@code TENSOR} selects, row-limited by {@code ROWS}, into {@code DIR} as
 * {@code {label}-rank{rank}.json} + {@code .pt}. Bad integers fall back to the probe's defaults; with
 * {@code ENABLE_FILE} set and absent it stays off.
 *
 * <p>Scenario ({@code REPRO_*}): {@code BUG_LAYER} (from that layer on, q_rope is off by 0.25 and everything after
 * follows; default none), {@code LABELS} (default {@code cmpl-a,cmpl-b}), {@code CALLS} (calls of the first label,
 * default 2), {@code WORLD} (ranks, default 2), {@code LAYERS} (default 4), {@code BUG_RANK} (only that rank has the
 * bug; default all), {@code PROBE_SHIFTS_ANSWER} (1: an armed probe changes the answer), {@code EXIT} (exit code),
 * {@code ENV_FILE} (writes the DUMP_PROBE* variables it saw there, as JSON).
 * It prints {@code answer: ...}, the symptom a person would look at.
 */
public final class ProbeReproduction {
    static final String PROBE = "ascend-tensor-dump/1";
    static final int HIDDEN = 8;

    private ProbeReproduction() {}

    /**
     * The shell command that runs this reproduction with the test class path, made absolute: the reproduction runs in
     * its own working directory, where a relative entry ({@code target/test-classes}, as a screenshot program is
     * started) would find nothing and the run would exit 1 before capturing.
     */
    public static String command() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return "'" + java + "' -cp '" + absoluteClassPath(System.getProperty("java.class.path")) + "' " + ProbeReproduction.class.getName();
    }

    /** Every entry of a class path as an absolute path, in order; empty entries (the current directory) dropped. */
    static String absoluteClassPath(String classPath) {
        return java.util.Arrays.stream(classPath.split(java.io.File.pathSeparator)).filter(e -> !e.isEmpty())
                .map(e -> Path.of(e).toAbsolutePath().normalize().toString())
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        String enable = env.getOrDefault("DUMP_PROBE_ENABLE_FILE", "");
        boolean on = "1".equals(env.get("DUMP_PROBE")) && (enable.isEmpty() || Files.exists(Path.of(enable)));
        Path dir = Path.of(env.getOrDefault("DUMP_PROBE_DIR", "."));
        List<Integer> ranks = ranks(env.getOrDefault("DUMP_PROBE_RANKS", "0"));
        int match = integer(env.get("DUMP_PROBE_MATCH"), 1);
        int occurrence = integer(env.get("DUMP_PROBE_OCCURRENCE"), 1);
        Pattern summary = Pattern.compile(env.getOrDefault("DUMP_PROBE_SUMMARY", ""));
        String tensorText = env.getOrDefault("DUMP_PROBE_TENSOR", "");
        Pattern tensor = tensorText.isEmpty() ? null : Pattern.compile(tensorText);
        int rows = integer(env.get("DUMP_PROBE_ROWS"), 0);

        int bugLayer = integer(env.get("REPRO_BUG_LAYER"), -1);
        int bugRank = integer(env.get("REPRO_BUG_RANK"), -1);
        String[] labels = env.getOrDefault("REPRO_LABELS", "cmpl-a,cmpl-b").split(",");
        int calls = integer(env.get("REPRO_CALLS"), 2);
        int world = integer(env.get("REPRO_WORLD"), 2);
        int layers = integer(env.get("REPRO_LAYERS"), 4);
        String envFile = env.getOrDefault("REPRO_ENV_FILE", "");
        if (!envFile.isEmpty()) {
            // What the probe saw, for tests that assert the environment exactly.
            ObjectNode seen = Json.object();
            new java.util.TreeMap<>(env).forEach((k, v) -> { if (k.startsWith("DUMP_PROBE")) seen.put(k, v); });
            Files.writeString(Path.of(envFile), Json.write(seen));
        }
        System.out.println("reproduction: probe " + (on ? "armed" : "off") + ", " + labels.length + " requests, " + world + " ranks");

        double answer = 0;
        for (int m = 1; m <= labels.length; m++) {
            int callsOfLabel = m == 1 ? calls : 1;
            for (int o = 1; o <= callsOfLabel; o++) {
                for (int r = 0; r < world; r++) {
                    boolean buggy = bugLayer >= 0 && (bugRank < 0 || bugRank == r);
                    Forward f = forward(m, o, r, layers, buggy ? bugLayer : -1);
                    answer += f.last;
                    if (on && m == match && o == occurrence && ranks.contains(r)) {
                        write(dir, labels[m - 1], m, o, r, f, summary, tensor, rows);
                    }
                }
            }
        }
        if (on && "1".equals(env.get("REPRO_PROBE_SHIFTS_ANSWER"))) answer += 1;
        System.out.printf("answer: %d%n", Math.round(answer * 1000));
        System.exit(integer(env.get("REPRO_EXIT"), 0));
    }

    record Stage(String name, DType dtype, long[] shape, double[] values) {}

    record Forward(List<Stage> stages, double last) {}

    /** Deterministic activations; a bug adds 0.25 from the bug layer's q_rope on, as a wrong rotary offset would. */
    static Forward forward(int match, int occurrence, int rank, int layers, int bugLayer) {
        int tokens = 4 + occurrence;
        List<Stage> stages = new ArrayList<>();
        double[] ids = new double[tokens], positions = new double[tokens];
        for (int t = 0; t < tokens; t++) {
            ids[t] = 10 + (match * 7 + t * 3) % 50;
            positions[t] = (occurrence - 1) * 4 + t;
        }
        stages.add(new Stage("runner.input_ids", DType.INT64, new long[] {tokens}, ids));
        stages.add(new Stage("runner.positions", DType.INT64, new long[] {tokens}, positions));
        double shift = 0;
        int s = 0;
        for (int l = 0; l < layers; l++) {
            stages.add(floats("layers." + l + ".input_layernorm", new long[] {tokens, HIDDEN}, ++s, match, occurrence, rank, shift));
            if (l == bugLayer) shift = 0.25;
            stages.add(floats("layers." + l + ".self_attn.q_rope", new long[] {tokens, 2, 4}, ++s, match, occurrence, rank, shift));
            stages.add(floats("layers." + l + ".mlp.down", new long[] {tokens, HIDDEN}, ++s, match, occurrence, rank, shift));
        }
        Stage norm = floats("model.norm", new long[] {tokens, HIDDEN}, ++s, match, occurrence, rank, shift);
        stages.add(norm);
        double last = 0;
        for (double v : norm.values()) last += v;
        return new Forward(stages, last);
    }

    private static Stage floats(String name, long[] shape, int s, int match, int occurrence, int rank, double shift) {
        int n = 1;
        for (long d : shape) n *= (int) d;
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            // Values a float32 holds exactly (multiples of 1/1024), so the payload and the statistics agree bit for bit.
            v[i] = Math.round((Math.sin(0.1 * i + 0.7 * s + 0.3 * rank + 0.05 * occurrence + match) + shift) * 1024) / 1024.0;
        }
        return new Stage(name, DType.FLOAT32, shape, v);
    }

    private static void write(Path dir, String label, int match, int occurrence, int rank, Forward f,
                              Pattern summary, Pattern tensor, int rows) throws Exception {
        Files.createDirectories(dir);
        String name = label.replaceAll("[^A-Za-z0-9_.-]", "_") + "-rank" + rank;
        ObjectNode m = Json.object();
        m.put("probe", PROBE);
        m.put("label", label);
        m.put("rank", rank);
        m.put("match_index", match);
        m.put("occurrence", occurrence);
        m.putObject("metadata").put("num_scheduled_tokens", f.stages().get(0).shape()[0]);
        m.set("stats", Json.strings(List.of("nan_count", "inf_count", "max_abs", "min", "max", "mean")));
        ArrayNode records = m.putArray("records");
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("num_scheduled_tokens", f.stages().get(0).shape()[0]);
        PayloadWriter payload = new PayloadWriter(PROBE, label, rank, metadata);
        boolean saved = false;
        long ptr = 0x7f0000000000L + rank * 0x100000L;
        for (int i = 0; i < f.stages().size(); i++) {
            Stage st = f.stages().get(i);
            ObjectNode r = records.addObject();
            r.put("stage", st.name());
            r.put("order", i);
            ArrayNode shape = r.putArray("shape");
            for (long d : st.shape()) shape.add(d);
            r.put("dtype", st.dtype().torchName());
            r.put("numel", st.values().length);
            r.put("device", "cpu");
            ArrayNode stride = r.putArray("stride");
            long step = st.values().length;
            for (long d : st.shape()) stride.add(step /= d);
            r.put("contiguous", true);
            r.put("storage_ptr", ptr += 0x1000);
            r.put("storage_offset", 0);
            if (summary.matcher(st.name()).find()) r.set("summary", summary(st.values()));
            boolean save = tensor != null && tensor.matcher(st.name()).find();
            r.put("tensor_saved", save);
            if (save) {
                payload.tensor(st.name(), limited(st, rows));
                saved = true;
            }
        }
        m.putObject("graph_slots");
        if (saved) {
            payload.write(dir.resolve(name + ".pt"));
            m.put("tensor_file", name + ".pt");
        }
        Files.writeString(dir.resolve(name + ".json"), Json.write(m));
        System.out.println("wrote " + name + ".json" + (saved ? " and " + name + ".pt" : ""));
    }

    /** DUMP_PROBE_ROWS keeps at most that many rows along dim 0 of tensors of two or more dims; 0 keeps all. */
    private static Tensor limited(Stage st, int rows) {
        long[] shape = st.shape().clone();
        double[] v = st.values();
        if (rows > 0 && shape.length >= 2 && shape[0] > rows) {
            int perRow = v.length / (int) shape[0];
            shape[0] = rows;
            v = java.util.Arrays.copyOf(v, rows * perRow);
        }
        return TestTensors.of(st.dtype(), shape, v);
    }

    private static ObjectNode summary(double[] v) {
        double maxAbs = 0, min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY, sum = 0;
        for (double x : v) {
            maxAbs = Math.max(maxAbs, Math.abs(x));
            min = Math.min(min, x);
            max = Math.max(max, x);
            sum += x;
        }
        ObjectNode s = Json.object();
        s.put("nan_count", 0);
        s.put("inf_count", 0);
        s.put("max_abs", (double) (float) maxAbs);
        s.put("min", (double) (float) min);
        s.put("max", (double) (float) max);
        s.put("mean", (double) (float) (sum / v.length));
        return s;
    }

    private static List<Integer> ranks(String text) {
        List<Integer> out = new ArrayList<>();
        try {
            for (String p : text.split(",")) out.add(Integer.parseInt(p.strip()));
        } catch (NumberFormatException e) {
            return List.of(0);
        }
        return out;
    }

    private static int integer(String text, int fallback) {
        if (text == null) return fallback;
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
