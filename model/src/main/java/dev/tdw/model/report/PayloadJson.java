package dev.tdw.model.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.tensor.InputSetSummary;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PythonRepr;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TensorDigest;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * JSON listings of one payload in the reference's formats: {@code payload} (every flattened entry with dtype, shape,
 * numel, sha256, sum and the first values) and {@code list} (the input-set stages a replay can address).
 */
public final class PayloadJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PayloadJson() {}

    /**
     * {@code dump} is the payload path as the caller wants it displayed. Reads every tensor once; a payload cut
     * meanwhile is an error naming it ({@link TensorDigest#of}).
     */
    public static ObjectNode payload(Payload payload, String dump) throws PayloadFormatException {
        ObjectNode out = header("payload", dump);
        out.put("probe", payload.probe());
        out.put("label", payload.label());
        if (payload.rank() == null) out.putNull("rank");
        else out.put("rank", payload.rank());
        out.set("metadata", value(payload.metadata()));
        ArrayNode entries = out.putArray("entries");
        for (PayloadEntry e : payload.entries()) {
            ObjectNode entry = entries.addObject();
            entry.put("key", e.key());
            if (!e.isTensor()) {
                entry.put("kind", "non-tensor");
                entry.put("value", e.valueRepr());
                continue;
            }
            Tensor t = e.tensor();
            TensorDigest digest = TensorDigest.of(t);
            entry.put("kind", "tensor");
            entry.put("dtype", t.dtype().torchName());
            ArrayNode shape = entry.putArray("shape");
            for (long d : t.shape()) shape.add(d);
            entry.put("numel", t.numel());
            entry.put("sha256", digest.sha256());
            entry.put("sum", digest.sum());
            ArrayNode first = entry.putArray("first");
            digest.first().forEach(v -> first.add(value(v)));
        }
        return out;
    }

    /** The replay listing: per input-set stage its occurrences, sorted input names and addressable range. */
    public static ObjectNode list(Payload payload, String dump) {
        ObjectNode out = header("list", dump);
        ObjectNode stages = out.putObject("stages");
        for (InputSetSummary s : payload.listInputSets()) {
            ObjectNode stage = stages.putObject(s.stage());
            stage.put("occurrences", s.occurrences());
            stage.set("inputs", TensorsJson.strings(s.inputs()));
            stage.put("addressable_as", s.addressableAs());
        }
        return out;
    }

    private static ObjectNode header(String command, String dump) {
        ObjectNode out = NODES.objectNode();
        out.put("status", "ok");
        out.put("command", command);
        out.put("dump", dump);
        return out;
    }

    /** Plain payload values as JSON; a tensor inside metadata is shown by its description. */
    private static JsonNode value(Object v) {
        if (v == null) return NODES.nullNode();
        if (v instanceof String s) return NODES.textNode(s);
        if (v instanceof Boolean b) return NODES.booleanNode(b);
        if (v instanceof Long l) return NODES.numberNode(l);
        if (v instanceof BigInteger big) return NODES.numberNode(big);
        if (v instanceof Double d) return NODES.numberNode(d);
        if (v instanceof Map<?, ?> map) {
            ObjectNode out = NODES.objectNode();
            map.forEach((k, x) -> out.set(String.valueOf(k), value(x)));
            return out;
        }
        if (v instanceof List<?> list) {
            ArrayNode out = NODES.arrayNode();
            list.forEach(x -> out.add(value(x)));
            return out;
        }
        return NODES.textNode(PythonRepr.of(v));
    }
}
