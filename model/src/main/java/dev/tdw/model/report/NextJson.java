package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.next.ProbeSelection;

import java.nio.file.Path;
import java.util.function.Function;

/** {@code next} output: the narrower capture to run after a diff, per side, for scripts (docs/cli.md). */
public final class NextJson {
    private NextJson() {}

    /** @param next null when nothing diverges: {@code next} is then null and {@code reason} says why */
    public static ObjectNode of(NextCapture next, String verdict, String reason, Function<Path, String> paths) {
        ObjectNode root = Json.object();
        root.put("status", "ok");
        root.put("command", "next");
        root.put("verdict", verdict);
        if (next == null) {
            root.putNull("next");
            root.put("reason", reason);
            return root;
        }
        ObjectNode n = root.putObject("next");
        n.put("key", next.suspect().key());
        n.put("stage", next.suspect().stage());
        n.put("finding", next.suspect().finding());
        n.put("scope", next.scope().name().toLowerCase(java.util.Locale.ROOT));
        n.put("tensor", next.tensorRegex());
        n.put("rows", next.rows());
        n.set("saved_stages", Json.strings(next.savedStages()));
        n.put("estimated_bytes", next.estimatedBytes());
        n.put("budget_bytes", next.budgetBytes());
        n.put("over_budget", next.overBudget());
        n.set("left", side(next.left(), next.suspect().left().path(), paths));
        n.set("right", side(next.right(), next.suspect().right().path(), paths));
        return root;
    }

    private static ObjectNode side(ProbeSelection s, Path manifest, Function<Path, String> paths) {
        ObjectNode o = Json.object();
        o.put("manifest", paths.apply(manifest));
        o.put("label", s.label());
        ObjectNode env = o.putObject("environment");
        s.environment().forEach(env::put);
        o.put("shell", s.shellAssignments());
        return o;
    }
}
