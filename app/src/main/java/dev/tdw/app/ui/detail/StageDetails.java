package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.model.analysis.Presence;
import dev.tdw.model.capture.InputSpec;
import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.report.Wording;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** Builds the {@link StageDetail} of a row. */
public final class StageDetails {
    private StageDetails() {}

    public static StageDetail of(StageRow row) {
        List<StageDetail.Field> layout = new ArrayList<>();
        field(layout, row, "shape", Layout::shape, true);
        field(layout, row, "dtype", l -> l.dtype() == null ? null : Wording.dtype(l.dtype()), true);
        field(layout, row, "numel", Layout::numel, true);
        field(layout, row, "stride", Layout::stride, true);
        field(layout, row, "storage offset", Layout::storageOffset, true);
        // Addresses differ between runs by nature; only sharing within one side means something.
        field(layout, row, "storage pointer", l -> l.storagePtr() == null ? null : "0x" + Long.toHexString(l.storagePtr()), false);
        field(layout, row, "contiguous", Layout::contiguous, true);
        field(layout, row, "device", Layout::device, false);
        field(layout, row, "npu format", Layout::npuFormat, true);
        List<StageDetail.Field> inputs = inputs(row);
        List<String> unrecorded = new ArrayList<>();
        for (String name : List.of("shape", "dtype", "numel", "stride", "storage offset", "storage pointer", "contiguous", "device", "npu format")) {
            if (!row.isInputSet() && layout.stream().noneMatch(f -> f.name().equals(name))) unrecorded.add(name);
        }
        List<AliasView> aliases = new ArrayList<>(2);
        if (row.leftAlias() != null) aliases.add(AliasView.of(Side.LEFT, row.leftAlias()));
        if (row.rightAlias() != null) aliases.add(AliasView.of(Side.RIGHT, row.rightAlias()));
        List<dev.tdw.model.analysis.StatCell> stats = Summary.NAMES.stream().map(row::stat).toList();
        String note = note(row);
        if (!unrecorded.isEmpty()) note = (note.isEmpty() ? "" : note + " ") + "Not recorded on either side: " + String.join(", ", unrecorded) + ".";
        return new StageDetail(row.key(), row.stage(), presence(row.presence()), row.badges(), layout, stats, inputs, aliases, note, List.of(), null);
    }

    private static String presence(Presence p) {
        return switch (p) {
            case BOTH -> "captured on both sides";
            case ONLY_LEFT -> "captured only on the left: the right side has no evidence for this stage";
            case ONLY_RIGHT -> "captured only on the right: the left side has no evidence for this stage";
        };
    }

    private static String note(StageRow row) {
        List<String> notes = new ArrayList<>();
        for (StageRecord r : java.util.Arrays.asList(row.left(), row.right())) {
            if (r == null || r.summary() == null) continue;
            Double nf = r.summary().nonFinite();
            if (nf != null && nf > 0) {
                notes.add("Non-finite elements are zeroed before max_abs, min, max and mean: those four are not trustworthy here.");
                break;
            }
        }
        if (row.diff() != null && !row.divergent() && !row.diff().evidenceGap()) {
            notes.add("Agreeing statistics do not prove equal tensors.");
        }
        return String.join(" ", notes);
    }

    private static void field(List<StageDetail.Field> out, StageRow row, String name, Function<Layout, Object> get, boolean mustMatch) {
        Object l = row.leftLayout() == null ? null : get.apply(row.leftLayout());
        Object r = row.rightLayout() == null ? null : get.apply(row.rightLayout());
        // A field absent on both sides says nothing per stage (CPU captures have no npu format): listed once in the note.
        if (l == null && r == null) return;
        boolean differs = mustMatch && row.presence() == Presence.BOTH && !Objects.equals(l, r);
        out.add(new StageDetail.Field(name, side(row.presence().hasLeft(), l), side(row.presence().hasRight(), r), differs));
    }

    private static String side(boolean present, Object v) {
        if (!present) return "not captured";
        return v == null ? "missing" : v.toString();
    }

    private static List<StageDetail.Field> inputs(StageRow row) {
        Map<String, String[]> byName = new LinkedHashMap<>();
        collect(byName, row.left(), 0);
        collect(byName, row.right(), 1);
        List<StageDetail.Field> out = new ArrayList<>();
        for (Map.Entry<String, String[]> e : byName.entrySet()) {
            String l = e.getValue()[0], r = e.getValue()[1];
            out.add(new StageDetail.Field(e.getKey(), l == null ? "–" : l, r == null ? "–" : r,
                    row.presence() == Presence.BOTH && !Objects.equals(l, r)));
        }
        return out;
    }

    private static void collect(Map<String, String[]> byName, StageRecord r, int side) {
        if (r == null || !r.isInputSet()) return;
        for (InputSpec in : r.inputs()) {
            String text = in.isTensor()
                    ? Wording.dtype(in.layout().dtype()) + " " + in.layout().shape() + " stride " + in.layout().stride()
                    : "value " + in.value();
            byName.computeIfAbsent(in.name(), k -> new String[2])[side] = text;
        }
    }

    /** Formats a statistic for the detail table; the chart uses the same format. */
    public static String format(Double v) { return Wording.number(v); }
}
