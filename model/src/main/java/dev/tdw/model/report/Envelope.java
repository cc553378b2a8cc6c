package dev.tdw.model.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * The JSON of several pairs' results, {@code {status, command, pairing, results: [...], verdict}}, then the fields
 * known only at the end (each when present) and {@code problems} (when any): the command line prints it, the
 * scale-out job (scale/) writes it, byte for byte alike. Streamed: each result reaches the writer, flushed, when given.
 */
public final class Envelope {
    private final Json.StreamedObject json;

    private Envelope(Json.StreamedObject json) {
        this.json = json;
    }

    /** Writes the head; the results follow. Until the first result is given, the head may wait in the generator's buffer. */
    public static Envelope start(Writer out, String command, String pairing) {
        return new Envelope(Json.streamObject(out).field("status", "ok").field("command", command).field("pairing", pairing)
                .startArray("results"));
    }

    public Envelope result(JsonNode result) {
        json.element(result);
        return this;
    }

    /**
     * Closes the envelope: {@code verdict}, then each {@code tail} field whose value is not null (in the map's order),
     * then {@code problems} when there are any.
     */
    public void end(String verdict, Map<String, JsonNode> tail, List<String> problems) {
        json.endArray().field("verdict", verdict);
        tail.forEach((name, value) -> {
            if (value != null) json.field(name, value);
        });
        if (!problems.isEmpty()) json.field("problems", Json.strings(problems));
        json.end();
    }
}
