package dev.tdw.app.ui.replay;

import dev.tdw.bridge.replay.RuntimeSpec;

import java.nio.file.Path;
import java.util.List;

/** A validated replay: everything {@code tdw replay} would be given on its command line. */
public record ReplayPlan(Path payload, String stageKey, String operator, List<String> argumentOrder, RuntimeSpec candidate,
                         RuntimeSpec reference, double atol, double rtol, Path outDir) {
    public ReplayPlan {
        argumentOrder = List.copyOf(argumentOrder);
    }

    /** The same replay from the command line, so a result can be reproduced or put in a report. */
    public String commandLine() {
        return "tdw replay --dump " + quote(payload.toString()) + " --stage " + quote(stageKey) + " --op " + operator
                + (argumentOrder.isEmpty() ? "" : " --arg-order " + String.join(",", argumentOrder))
                + " --candidate " + candidate + " --reference " + reference
                + " --atol " + atol + " --rtol " + rtol + " --out-dir " + quote(outDir.toString());
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./#:,=+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
