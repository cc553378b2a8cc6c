package dev.tdw.bridge.capture;

import dev.tdw.model.next.ProbeSelection;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The probe's selection for one reproduction run (capture-format.md §1), kept as the user typed it so a
 * remembered run shows the same text. The probe silently falls back to its defaults on bad integers;
 * {@link #problems()} refuses them instead, so a typo cannot turn into a capture of the wrong request.
 *
 * @param directory  DUMP_PROBE_DIR
 * @param ranks      DUMP_PROBE_RANKS, comma-separated global ranks
 * @param match      DUMP_PROBE_MATCH, 1-based distinct label
 * @param occurrence DUMP_PROBE_OCCURRENCE, 1-based call within that label
 * @param summary    DUMP_PROBE_SUMMARY, regex of stages with statistics; empty = all
 * @param tensor     DUMP_PROBE_TENSOR, regex of stages whose tensor is saved; empty = none
 * @param rows       DUMP_PROBE_ROWS, rows kept along dim 0; 0 = all
 * @param enableFile DUMP_PROBE_ENABLE_FILE, the sentinel that arms a running service; null = always armed
 */
public record ProbeSettings(Path directory, String ranks, String match, String occurrence, String summary,
                            String tensor, String rows, Path enableFile) {
    public static final String PREFIX = "DUMP_PROBE";

    private static final Pattern RANKS = Pattern.compile("\\d+(,\\d+)*");

    public ProbeSettings {
        Objects.requireNonNull(directory, "directory");
        ranks = trimmed(ranks);
        match = trimmed(match);
        occurrence = trimmed(occurrence);
        summary = summary == null ? "" : summary;
        tensor = tensor == null ? "" : tensor;
        rows = trimmed(rows);
    }

    /** The probe's own defaults: rank 0, first label, first call, statistics for all, no tensors, all rows. */
    public static ProbeSettings defaults(Path directory) {
        return new ProbeSettings(directory, "0", "1", "1", "", "", "0", null);
    }

    /** The same selection into another directory (a rerun, one of repeated runs). */
    public ProbeSettings in(Path otherDirectory) {
        return new ProbeSettings(otherDirectory, ranks, match, occurrence, summary, tensor, rows, enableFile);
    }

    /**
     * The next, narrower capture after these settings: a new directory and the selection of {@link ProbeSelection};
     * the statistics regex and the sentinel stay, so the new capture pairs with the old one stage by stage.
     */
    public ProbeSettings narrowed(Path newDirectory, ProbeSelection next) {
        return new ProbeSettings(newDirectory, next.ranksText(), String.valueOf(next.match()), String.valueOf(next.occurrence()),
                summary, next.tensor(), String.valueOf(next.rows()), enableFile);
    }

    /** Why the probe could not run with these settings as meant; empty when it can. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        if (!RANKS.matcher(ranks).matches()) out.add("ranks '" + ranks + "': comma-separated non-negative integers, e.g. 0,1");
        integer(out, "match", match, 1);
        integer(out, "occurrence", occurrence, 1);
        integer(out, "rows", rows, 0);
        // Java and Python regexes agree on the stage patterns people write (dots, classes, alternation, anchors).
        regex(out, "summary", summary);
        regex(out, "tensor", tensor);
        return out;
    }

    /**
     * The variables to set for the reproduction. Every DUMP_PROBE_* is given explicitly so that nothing inherited
     * from the workbench's own environment changes the selection; without a sentinel, DUMP_PROBE_ENABLE_FILE is
     * absent and {@link #apply} removes an inherited one.
     */
    public Map<String, String> environment() {
        List<String> problems = problems();
        if (!problems.isEmpty()) throw new IllegalStateException("probe settings are not valid: " + String.join("; ", problems));
        Map<String, String> env = new LinkedHashMap<>();
        env.put(PREFIX, "1");
        env.put(PREFIX + "_DIR", directory.toAbsolutePath().toString());
        env.put(PREFIX + "_RANKS", ranks);
        env.put(PREFIX + "_MATCH", match);
        env.put(PREFIX + "_OCCURRENCE", occurrence);
        env.put(PREFIX + "_SUMMARY", summary);
        env.put(PREFIX + "_TENSOR", tensor);
        env.put(PREFIX + "_ROWS", rows);
        if (enableFile != null) env.put(PREFIX + "_ENABLE_FILE", enableFile.toAbsolutePath().toString());
        return env;
    }

    /**
     * {@link #environment} as shell assignments, one word each, the variables named in {@code first} first (the narrowed
     * selection, as the proposal names it) and then the rest ({@code DUMP_PROBE=1 DUMP_PROBE_DIR=/x ...}): what a run sets.
     */
    public String shellAssignments(java.util.Collection<String> first) {
        Map<String, String> env = environment(), ordered = new LinkedHashMap<>();
        for (String name : first) if (env.containsKey(name)) ordered.put(name, env.get(name));
        env.forEach(ordered::putIfAbsent);
        return String.join(" ", ordered.entrySet().stream().map(e -> e.getKey() + "=" + ProbeSelection.shellQuote(e.getValue())).toList());
    }

    /** Replaces every DUMP_PROBE* variable of {@code target} (a process environment) by these settings. */
    public void apply(Map<String, String> target) {
        Map<String, String> env = environment();
        target.keySet().removeIf(ProbeSettings::isProbeVariable);
        target.putAll(env);
    }

    public static boolean isProbeVariable(String name) {
        return name.equals(PREFIX) || name.startsWith(PREFIX + "_");
    }

    private static void integer(List<String> out, String name, String text, int min) {
        try {
            if (Integer.parseInt(text) >= min) return;
        } catch (NumberFormatException e) {
            // reported below like an out-of-range value
        }
        out.add(name + " '" + text + "': an integer of at least " + min);
    }

    private static void regex(List<String> out, String name, String text) {
        try {
            Pattern.compile(text);
        } catch (PatternSyntaxException e) {
            out.add(name + " regex '" + text + "': " + e.getDescription() + " near index " + e.getIndex());
        }
    }

    private static String trimmed(String s) {
        return s == null ? "" : s.trim();
    }
}
