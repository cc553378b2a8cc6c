package dev.tdw.bridge.replay;

import dev.tdw.model.compare.Tolerance;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One replay as {@code tdw replay} is given it: the payload and input set ({@code add_rms_norm#3}), the operator
 * (null: the stage's own name when it is one), the captured names in parameter order (empty: bind by name), both
 * runtimes, the comparison's tolerances (null: the operator's default, {@link OperatorTolerances}), the output folder, the bound on input elements and whether row-limited inputs
 * may run. The workbench adds which capture the inputs came from ({@code side}, {@code captureRoot}; null on the
 * command line).
 */
public record ReplayPlan(Path payload, String stageKey, String operator, List<String> argumentOrder, RuntimeSpec candidate,
                         RuntimeSpec reference, Double atol, Double rtol, Path outDir, long maxInputElements,
                         boolean allowRowLimited, String side, Path captureRoot) {
    public ReplayPlan {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(stageKey, "stageKey");
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(outDir, "outDir");
        argumentOrder = List.copyOf(argumentOrder);
        if (maxInputElements <= 0) throw new IllegalArgumentException("--max-input-elements " + maxInputElements + ": a positive count");
        new Tolerance(atol == null ? 0 : atol, rtol == null ? 0 : rtol); // the comparison's own check, made before the replay's work instead of after it
    }

    /** The same replay from the command line, so a result can be reproduced or put in a report. */
    public String commandLine() {
        return "tdw replay --dump " + quote(payload.toString()) + " --stage " + quote(stageKey)
                + (operator == null ? "" : " --op " + quote(operator))
                + (argumentOrder.isEmpty() ? "" : " --arg-order " + quote(String.join(",", argumentOrder)))
                + " --candidate " + candidate + " --reference " + reference
                + (atol == null ? "" : " --atol " + atol) + (rtol == null ? "" : " --rtol " + rtol)
                + (maxInputElements == ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS ? "" : " --max-input-elements " + maxInputElements)
                + (allowRowLimited ? " --allow-row-limited" : "")
                + " --out-dir " + quote(outDir.toString());
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./#:,=+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
