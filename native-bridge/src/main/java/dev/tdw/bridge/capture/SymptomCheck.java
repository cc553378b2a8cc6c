package dev.tdw.bridge.capture;

import dev.tdw.model.text.SafeText;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One reproduction run armed and once more disarmed: does the symptom persist without the probe? The symptom is the
 * exit status and the output lines the symptom pattern selects ({@code answer:|NaN}); an empty pattern compares every
 * line. The probe synchronises the device and copies tensors, which can change timing-dependent results: if the
 * disarmed run differs, the capture may not show the run as it is.
 *
 * @param difference where the symptoms first differ; null when they agree
 */
public record SymptomCheck(Outcome armed, Outcome disarmed, String symptomPattern, String difference) {
    /** How one run ended: its exit code and output lines. */
    public record Outcome(int exitCode, List<String> output) {
        public Outcome {
            output = List.copyOf(output);
        }
    }

    public SymptomCheck {
        Objects.requireNonNull(armed, "armed");
        Objects.requireNonNull(disarmed, "disarmed");
        symptomPattern = symptomPattern == null ? "" : symptomPattern;
    }

    /** @throws java.util.regex.PatternSyntaxException when the symptom pattern is not a regex */
    public static SymptomCheck of(Outcome armed, Outcome disarmed, String symptomPattern) {
        Pattern p = Pattern.compile(symptomPattern == null ? "" : symptomPattern);
        return new SymptomCheck(armed, disarmed, symptomPattern, firstDifference(armed, disarmed, p));
    }

    public boolean persists() { return difference == null; }

    /** What the check means for the investigation, in the words the window and the history show. */
    public String verdict() {
        if (persists()) {
            return "Same symptom without the probe (exit " + armed.exitCode() + ", " + symptomLines(armed, Pattern.compile(symptomPattern)).size()
                    + " symptom line(s) identical): the capture measured the run as it is.";
        }
        return "The symptom changes without the probe (" + difference + "): the probe changes what it measures;"
                + " capture less (narrower DUMP_PROBE_SUMMARY/DUMP_PROBE_TENSOR, DUMP_PROBE_ROWS) and check again.";
    }

    private static String firstDifference(Outcome a, Outcome d, Pattern p) {
        if (a.exitCode() != d.exitCode()) return "exit " + a.exitCode() + " armed, " + d.exitCode() + " disarmed";
        List<String> la = symptomLines(a, p), ld = symptomLines(d, p);
        int n = Math.min(la.size(), ld.size());
        for (int i = 0; i < n; i++) {
            if (!la.get(i).equals(ld.get(i))) return "symptom line " + (i + 1) + ": '" + SafeText.of(la.get(i)) + "' armed, '" + SafeText.of(ld.get(i)) + "' disarmed";
        }
        if (la.size() != ld.size()) return la.size() + " symptom line(s) armed, " + ld.size() + " disarmed";
        return null;
    }

    private static List<String> symptomLines(Outcome o, Pattern p) {
        return o.output().stream().filter(l -> p.matcher(l).find()).toList();
    }
}
