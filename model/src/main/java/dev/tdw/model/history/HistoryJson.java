package dev.tdw.model.history;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.replay.ReplayJson;
import dev.tdw.model.report.Json;

/**
 * The investigation history as saved with a report: {@code {dropped, steps: [{at, kind, subject, finding, replay}]}},
 * {@code replay} (the fields of {@link ReplayJson#run}) on replay steps only.
 */
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
            if (s.replay() != null) o.set("replay", ReplayJson.run(s.replay()));
        }
        return root;
    }
}
