package dev.tdw.model.next;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The probe variables that narrow one side's next capture (capture-format.md §1). Match, occurrence and rank come from
 * that side's manifest, never from its label: labels are request ids and differ between runs.
 */
public record ProbeSelection(String label, int match, int occurrence, List<Integer> ranks, String tensor, int rows) {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_.,/:=+@%-]+");

    public ProbeSelection {
        ranks = List.copyOf(ranks);
        if (match < 1 || occurrence < 1) throw new IllegalArgumentException("match and occurrence are 1-based");
        if (rows < 0) throw new IllegalArgumentException("rows must not be negative");
    }

    public String ranksText() {
        return ranks.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** The variables in the order a person reads them: what is saved, how much, then which forward and ranks. */
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("DUMP_PROBE_TENSOR", tensor);
        env.put("DUMP_PROBE_ROWS", String.valueOf(rows));
        env.put("DUMP_PROBE_MATCH", String.valueOf(match));
        env.put("DUMP_PROBE_OCCURRENCE", String.valueOf(occurrence));
        env.put("DUMP_PROBE_RANKS", ranksText());
        return env;
    }

    /** {@code DUMP_PROBE_TENSOR='layers\.7\.' DUMP_PROBE_ROWS=8 ...}: pasteable in front of a POSIX shell command. */
    public String shellAssignments() {
        return environment().entrySet().stream().map(e -> e.getKey() + "=" + shellQuote(e.getValue()))
                .collect(Collectors.joining(" "));
    }

    /** A value as one shell word: plain words as they are, anything else in single quotes. */
    public static String shellQuote(String value) {
        if (PLAIN.matcher(value).matches()) return value;
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
