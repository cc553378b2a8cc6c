package dev.tdw.bridge.capture;

import java.util.List;

/**
 * The same deterministic request answered with the probe armed and disarmed. Identical answers mean the probe did
 * not disturb this output; different answers mean it changes what it measures, and a capture may not show the run
 * as it is without the probe.
 *
 * @param difference where the answers first differ ("token 3: ..." or "character 17: ..."); null when identical
 */
public record ResponseComparison(CompletionResponse armed, CompletionResponse disarmed, String difference) {
    public static ResponseComparison of(CompletionResponse armed, CompletionResponse disarmed) {
        return new ResponseComparison(armed, disarmed, firstDifference(armed, disarmed));
    }

    public boolean identical() { return difference == null; }

    /** What the comparison means for the symptom under investigation. */
    public String verdict() {
        if (identical()) {
            return "Identical with and without the probe: the symptom, if this output shows it, persists without the probe,"
                    + " and the capture measured the undisturbed run.";
        }
        return "The answers differ at " + difference + ": the probe changes what it measures. The capture may not show"
                + " the run as it is without the probe; capture less (narrower DUMP_PROBE_SUMMARY/DUMP_PROBE_TENSOR,"
                + " DUMP_PROBE_ROWS) and compare again.";
    }

    private static String firstDifference(CompletionResponse a, CompletionResponse b) {
        List<String> ta = a.tokens();
        List<String> tb = b.tokens();
        if (!ta.isEmpty() && !tb.isEmpty()) {
            int n = Math.min(ta.size(), tb.size());
            for (int i = 0; i < n; i++) {
                if (!ta.get(i).equals(tb.get(i))) return "token " + i + ": " + quote(ta.get(i)) + " armed, " + quote(tb.get(i)) + " disarmed";
            }
            if (ta.size() != tb.size()) return "token " + n + ": " + ta.size() + " tokens armed, " + tb.size() + " disarmed";
        }
        String xa = a.text();
        String xb = b.text();
        if (xa.equals(xb)) return null;
        int i = 0;
        while (i < xa.length() && i < xb.length() && xa.charAt(i) == xb.charAt(i)) i++;
        return "character " + i + ": " + quote(tail(xa, i)) + " armed, " + quote(tail(xb, i)) + " disarmed";
    }

    private static String tail(String s, int from) {
        String t = s.substring(from);
        return t.length() > 20 ? t.substring(0, 20) + "..." : t;
    }

    private static String quote(String s) {
        return "'" + s.replace("\n", "\\n") + "'";
    }
}
