package dev.tdw.model.replay;

import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.text.SafeText;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One finished operator replay as the analysis keeps it: which captured input set ran, from which capture, as which
 * operator on which runtimes, where its outputs went, and the comparison of reference (left) against candidate
 * (right). The command line prints it, the workbench lists it in the stage's detail and in the saved report.
 *
 * @param stageKey         the replayed input set, {@code add_rms_norm#3}
 * @param side             which capture of the workbench the inputs came from ({@code left}/{@code right}); null on
 *                         the command line
 * @param captureRoot      the capture the inputs came from (its real folder)
 * @param referenceFile    the reference outputs written ({@code reference.pt}); the candidate's beside it
 * @param rowLimited       inputs saved with fewer rows than captured ({@link RowLimit#describe}); the run went ahead
 *                         only because the user overrode the refusal
 * @param commandLine      the equivalent {@code tdw replay} command
 * @param toleranceOrigin  where the comparison's tolerance came from: {@code given}, or the operator's default
 *                         ({@code the default of add_rms_norm on torch.bfloat16}), or one of each
 */
public record ReplayRun(String stageKey, String side, Path captureRoot, Path payload, String operator,
                        Map<String, String> bindings, String candidateRuntime, String referenceRuntime, Path referenceFile,
                        Path candidateFile, List<String> rowLimited, String commandLine, Instant started, Instant ended,
                        TensorsResult comparison, String toleranceOrigin) {
    /** What a pass does and does not say: worded once for every front end. */
    public static final String PASS_MEANS = "The operator's contract holds on these inputs; that does not fix the model.";
    /** What a command's {@code status: ok} says of a replay, whatever its verdict: it ran, not that the outputs match. */
    public static final String STATUS_OK_MEANS = "the replay ran and its three files were written; whether the candidate's"
            + " outputs match the reference's is the verdict";

    public ReplayRun {
        Objects.requireNonNull(stageKey, "stageKey");
        Objects.requireNonNull(comparison, "comparison");
        Objects.requireNonNull(toleranceOrigin, "toleranceOrigin");
        bindings = Collections.unmodifiableMap(new LinkedHashMap<>(bindings));
        rowLimited = List.copyOf(rowLimited);
    }

    public TensorsVerdict verdict() { return comparison.verdict(); }

    /** {@link RowLimit#FORCED_CAVEAT} when the run went ahead on row-limited inputs, else null. */
    public String caveat() { return rowLimited.isEmpty() ? null : RowLimit.FORCED_CAVEAT; }

    /** The verdict as every front end shows it: with the caveat of a forced row-limited run, never a bare PASS then. */
    public String verdictText() {
        return caveat() == null ? verdict().name() : verdict() + " (" + caveat() + ")";
    }

    /** The folder the outputs went to. */
    public Path outDir() { return referenceFile.toAbsolutePath().getParent(); }

    /** One paragraph: verdict, what ran where, tolerances, the first mismatch with its metrics, and what a pass means. */
    public String summary() {
        StringBuilder b = new StringBuilder(verdictText()).append(": ").append(stageKey);
        if (side != null) b.append(" (").append(side).append(" capture)");
        b.append(" as ").append(operator).append(", candidate ").append(candidateRuntime).append(", reference ")
                .append(referenceRuntime).append(", atol ").append(comparison.atol()).append(" rtol ").append(comparison.rtol())
                .append(" (").append(toleranceOrigin).append("), ").append(comparison.compared()).append(" outputs compared.");
        if (comparison.firstMismatch() != null) {
            b.append(" First mismatch: ").append(comparison.firstMismatch().key()).append(" (")
                    .append(TextReport.describe(comparison.firstMismatch().metrics())).append(").");
        }
        if (!comparison.evidenceGaps().isEmpty()) b.append(" Not comparable: ").append(comparison.evidenceGaps()).append('.');
        if (!rowLimited.isEmpty()) b.append(" Ran on row-limited inputs (overridden): ").append(String.join("; ", rowLimited)).append('.');
        // On cut inputs the contract was not tested on the captured call: the caveat above replaces what a pass means.
        if (verdict() == TensorsVerdict.PASS && caveat() == null) b.append(' ').append(PASS_MEANS);
        // Keys and names come from the payload: a control character in them must not reach a terminal or a label raw.
        return SafeText.of(b.toString());
    }
}
