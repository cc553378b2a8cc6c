package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.compare.ElementDifference;
import dev.tdw.model.compare.SideSummary;
import dev.tdw.model.compare.TensorMetrics;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.compare.TensorsResult;

import java.util.List;
import java.util.function.Function;

/**
 * The {@code tensors} command's JSON, with the reference's field names and order: {@code status, command, atol, rtol,
 * compared, only_in_left, only_in_right, first_mismatch, items, evidence_gaps, verdict, left, right}.
 */
public final class TensorsJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TensorsJson() {}

    /** {@code left}/{@code right} are the payload paths as the caller wants them displayed. */
    public static ObjectNode toJson(TensorsResult result, String left, String right) {
        return toJson(result, left, right, pair -> null);
    }

    /** The same, each item with the fields {@code extra} gives for it (none when it gives null) after its metrics. */
    public static ObjectNode toJson(TensorsResult result, String left, String right,
                                    Function<TensorPairResult, ObjectNode> extra) {
        ObjectNode out = NODES.objectNode();
        out.put("status", "ok");
        out.put("command", "tensors");
        out.put("atol", result.atol());
        out.put("rtol", result.rtol());
        out.put("compared", result.compared());
        out.set("only_in_left", strings(result.onlyInLeft()));
        out.set("only_in_right", strings(result.onlyInRight()));
        out.set("first_mismatch", result.firstMismatch() == null ? NODES.nullNode() : item(result.firstMismatch(), extra));
        ArrayNode items = out.putArray("items");
        result.items().forEach(i -> items.add(item(i, extra)));
        out.set("evidence_gaps", strings(result.evidenceGaps()));
        out.put("verdict", result.verdict().name());
        out.put("left", left);
        out.put("right", right);
        return out;
    }

    static ObjectNode item(TensorPairResult pair) {
        return item(pair, p -> null);
    }

    private static ObjectNode item(TensorPairResult pair, Function<TensorPairResult, ObjectNode> extra) {
        ObjectNode out = NODES.objectNode();
        out.put("key", pair.key());
        out.set("left", side(pair.left()));
        out.set("right", side(pair.right()));
        out.put("shape_match", pair.shapeMatch());
        out.put("dtype_match", pair.dtypeMatch());
        out.set("metrics", metrics(pair.metrics()));
        ObjectNode more = extra.apply(pair);
        if (more != null) out.setAll(more);
        if (pair.elements() != null) out.set("worst", worst(pair.elements().worst()));
        return out;
    }

    /** {@code [{index, left, right, abs_diff}]}, largest first; {@code abs_diff} is null for a non-finite element. */
    private static ArrayNode worst(List<ElementDifference> worst) {
        ArrayNode out = NODES.arrayNode();
        for (ElementDifference e : worst) {
            ObjectNode o = out.addObject();
            ArrayNode index = o.putArray("index");
            e.index().forEach(index::add);
            number(o, "left", e.left());
            number(o, "right", e.right());
            number(o, "abs_diff", e.absDiff());
        }
        return out;
    }

    /** JSON has no NaN or infinity: a non-finite value is written as its name, e.g. {@code "nan"}, {@code "-inf"}. */
    static void number(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) o.put(field, v);
        else if (Double.isNaN(v)) o.put(field, "nan");
        else o.put(field, v > 0 ? "inf" : "-inf");
    }

    private static ObjectNode side(SideSummary side) {
        ObjectNode out = NODES.objectNode();
        if (!side.isTensor()) {
            out.put("kind", "non-tensor");
            out.put("value", side.value());
            return out;
        }
        out.put("kind", "tensor");
        ArrayNode shape = out.putArray("shape");
        side.shape().forEach(shape::add);
        out.put("dtype", side.dtype().torchName());
        out.put("numel", side.numel());
        if (side.skipped() != null) out.put("skipped", side.skipped());
        return out;
    }

    private static ObjectNode metrics(TensorMetrics metrics) {
        ObjectNode out = NODES.objectNode();
        if (metrics instanceof TensorMetrics.NotComparable n) {
            out.put("comparable", false);
            out.put("reason", n.reason().text());
        } else if (metrics instanceof TensorMetrics.NonFinite n) {
            out.put("left_nonfinite", n.leftNonfinite());
            out.put("right_nonfinite", n.rightNonfinite());
            out.put("comparable", false);
        } else if (metrics instanceof TensorMetrics.Compared c) {
            out.put("left_nonfinite", 0);
            out.put("right_nonfinite", 0);
            out.put("comparable", true);
            out.put("exact_equal", c.exactEqual());
            out.put("mismatch_count", c.mismatchCount());
            if (c.floats() != null) {
                TensorMetrics.FloatMetrics f = c.floats();
                out.put("max_abs_diff", f.maxAbsDiff());
                out.put("mean_abs_diff", f.meanAbsDiff());
                out.put("allclose", f.allclose());
                f.cosine().ifPresent(v -> out.put("cosine", v));
                f.relL2().ifPresent(v -> out.put("rel_l2", v));
            }
        }
        return out;
    }

    static ArrayNode strings(List<String> values) {
        ArrayNode out = NODES.arrayNode();
        values.forEach(out::add);
        return out;
    }
}
