package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.history.Step;

/** The investigation history as saved with a report: {@code {dropped, steps: [{at, kind, subject, finding}]}}. */
public final class HistoryJson {
    private HistoryJson() {}

    public static ObjectNode of(InvestigationHistory h) {
        ObjectNode root = Json.object();
        root.put("dropped", h.dropped());
        ArrayNode steps = root.putArray("steps");
        for (Step s : h.steps()) {
            ObjectNode o = steps.addObject();
            o.put("at", s.at().toString());
            o.put("kind", s.kind().name().toLowerCase(java.util.Locale.ROOT));
            o.put("subject", s.subject());
            o.put("finding", s.finding());
        }
        return root;
    }
}
