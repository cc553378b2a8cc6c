package dev.tdw.app.ui.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Groups rows without reordering them: msprobe dumps' by their module tree ({@link ModuleTree}), probe captures' by
 * layer: consecutive {@code layers.N.*} rows form one group, and a stage without a layer (such as an operator input set captured inside the layer) joins the
 * group when the next layer stage is of the same layer. Flattening the tree gives the row order back.
 */
public final class StageTree {
    private StageTree() {}

    public static List<RowNode> group(List<StageRow> rows) {
        if (ModuleTree.applies(rows)) return ModuleTree.group(rows);
        List<RowNode> out = new ArrayList<>();
        List<StageRow> current = null;
        Integer currentLayer = null;
        Integer[] nextLayer = nextLayers(rows);
        for (int i = 0; i < rows.size(); i++) {
            StageRow row = rows.get(i);
            Integer layer = row.layer();
            if (layer != null) {
                if (!layer.equals(currentLayer)) {
                    close(out, currentLayer, current);
                    current = new ArrayList<>();
                    currentLayer = layer;
                }
                current.add(row);
            } else if (currentLayer != null && currentLayer.equals(nextLayer[i])) {
                current.add(row);
            } else {
                close(out, currentLayer, current);
                current = null;
                currentLayer = null;
                out.add(new RowNode.Leaf(row));
            }
        }
        close(out, currentLayer, current);
        return out;
    }

    /** For each position, the layer of the first layer stage after it (one backward pass, so long runs stay linear). */
    private static Integer[] nextLayers(List<StageRow> rows) {
        Integer[] next = new Integer[rows.size()];
        Integer seen = null;
        for (int i = rows.size() - 1; i >= 0; i--) {
            next[i] = seen;
            Integer layer = rows.get(i).layer();
            if (layer != null) seen = layer;
        }
        return next;
    }

    private static void close(List<RowNode> out, Integer layer, List<StageRow> rows) {
        if (layer != null && rows != null && !rows.isEmpty()) out.add(new RowNode.LayerGroup(layer, rows));
    }
}
