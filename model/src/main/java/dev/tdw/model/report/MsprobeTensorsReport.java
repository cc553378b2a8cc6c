package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.compare.MsprobeMetrics;
import dev.tdw.model.compare.MsprobeTensors;

import java.util.Locale;

/**
 * The {@code tensors} output of two msprobe tensor dumps: the contract's {@code tensors} JSON and text, each item with
 * msprobe's metrics (named as msprobe's compare CSV names its columns) and the count of non-finite elements that were
 * equal on both sides.
 */
public final class MsprobeTensorsReport {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private MsprobeTensorsReport() {}

    /**
     * Each item gains {@code left_file}, {@code right_file} (the {@code data_name}s), {@code nonfinite_matched} and
     * {@code msprobe}: {@code cosine, max_abs_err, max_relative_err, one_thousandth_err_ratio,
     * five_thousandths_err_ratio} (null where msprobe writes "unsupported" or "N/A") and {@code note}.
     */
    public static ObjectNode json(MsprobeTensors.Result result, String left, String right) {
        ObjectNode out = TensorsJson.toJson(result.tensors(), left, right, pair -> {
            MsprobeTensors.Extra e = result.extras().get(pair.key());
            return e == null ? null : json(e);
        });
        out.put("format", "msprobe");
        return out;
    }

    /**
     * What msprobe adds to a compared item ({@code tdw tensors}) or stage ({@code tdw diff --tensors}): {@code left_file,
     * right_file, nonfinite_matched, msprobe}.
     */
    public static ObjectNode json(MsprobeTensors.Extra e) {
        ObjectNode o = NODES.objectNode();
        o.put("left_file", e.leftFile());
        o.put("right_file", e.rightFile());
        o.put("nonfinite_matched", e.nonFiniteMatched());
        ObjectNode m = o.putObject("msprobe");
        MsprobeMetrics x = e.msprobe();
        number(m, "cosine", x.cosine());
        number(m, "max_abs_err", x.maxAbsError());
        number(m, "max_relative_err", x.maxRelativeError());
        number(m, "one_thousandth_err_ratio", x.oneThousandthRatio());
        number(m, "five_thousandths_err_ratio", x.fiveThousandthsRatio());
        if (x.note() != null) m.put("note", x.note());
        else m.putNull("note");
        return o;
    }

    public static String text(MsprobeTensors.Result result, String left, String right) {
        return "format: msprobe dump (MindStudio Probe dump.json)\n"
                + "msprobe metrics: left is msprobe's bench, right its NPU side\n"
                + TextReport.tensors(result.tensors(), left, right, pair -> {
                    MsprobeTensors.Extra e = result.extras().get(pair.key());
                    return e == null ? null : line(e);
                });
    }

    /** {@code msprobe: cosine 0.998533, max abs err 1, max rel err 4.504e+15, <0.1% 0.0000, <0.5% 0.0000}. */
    public static String line(MsprobeTensors.Extra e) {
        MsprobeMetrics m = e.msprobe();
        StringBuilder b = new StringBuilder("msprobe: cosine ").append(format(m.cosine(), "%.6f"))
                .append(", max abs err ").append(format(m.maxAbsError(), "%.4g"))
                .append(", max rel err ").append(format(m.maxRelativeError(), "%.4g"))
                .append(", within 0.1% ").append(format(m.oneThousandthRatio(), "%.4f"))
                .append(", within 0.5% ").append(format(m.fiveThousandthsRatio(), "%.4f"));
        if (m.note() != null) b.append(" (").append(m.note()).append(')');
        if (e.nonFiniteMatched() > 0) {
            b.append("; ").append(e.nonFiniteMatched()).append(" NaN/inf equal on both sides, compared as equal");
        }
        return b.toString();
    }

    private static String format(Double v, String pattern) {
        return v == null ? "n/a" : String.format(Locale.ROOT, pattern, v);
    }

    private static void number(ObjectNode o, String field, Double v) {
        if (v == null) o.putNull(field);
        else TensorsJson.number(o, field, v);
    }
}
