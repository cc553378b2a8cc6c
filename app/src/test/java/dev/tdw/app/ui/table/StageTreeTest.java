package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Captures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class StageTreeTest {
    @Test
    void layersBecomeGroupsAndInputSetsInsideALayerStayInIt() {
        StageRows rows = Captures.compare("layer-bug", "baseline", "candidate").rows();
        List<RowNode> nodes = StageTree.group(rows.rows());
        List<String> top = nodes.stream().map(n -> n instanceof RowNode.LayerGroup g ? g.name() : ((RowNode.Leaf) n).row().key()).toList();
        assertEquals(List.of("runner.input_ids#0", "runner.positions#0", "model.embed#0", "layers.0", "layers.1", "layers.2",
                "layers.3", "layers.4", "layers.5", "model.norm#0", "model.logits#0"), top);
        RowNode.LayerGroup l3 = assertInstanceOf(RowNode.LayerGroup.class, nodes.get(6));
        assertEquals(11, l3.rows().size());
        assertEquals("add_rms_norm#3", l3.rows().get(6).key());
        assertEquals(RowStatus.DIVERGENT, l3.status());
        assertEquals(6, l3.count(RowStatus.DIVERGENT));
        assertEquals(RowStatus.ALIAS_STRIDE_CONFLICT, ((RowNode.LayerGroup) nodes.get(3)).status());
    }

    @Test
    void flatteningTheTreeGivesTheRowOrderBack() {
        StageRows rows = Captures.compare("overflow", "baseline", "candidate").rows();
        List<StageRow> flat = new ArrayList<>();
        for (RowNode n : StageTree.group(rows.rows())) {
            if (n instanceof RowNode.LayerGroup g) flat.addAll(g.rows()); else flat.add(((RowNode.Leaf) n).row());
        }
        assertEquals(rows.rows(), flat);
    }

    @Test
    void aStageBetweenTwoDifferentLayersStaysAtTheTop() {
        StageRows rows = dev.tdw.app.ui.compare.ComparisonTask.run(
                dev.tdw.app.ui.testing.Manifests.of("l", "layers.0.a", 1.0, "hook", 1.0, "layers.1.a", 1.0, "layers.1.b", 1.0, "tail", 1.0),
                dev.tdw.app.ui.testing.Manifests.of("r", "layers.0.a", 1.0, "hook", 1.0, "layers.1.a", 1.0, "layers.1.b", 1.0, "tail", 1.0),
                dev.tdw.model.compare.Tolerance.EXACT).rows();
        List<RowNode> nodes = StageTree.group(rows.rows());
        assertEquals(4, nodes.size());
        assertEquals("hook#0", ((RowNode.Leaf) nodes.get(1)).row().key());
        assertEquals(2, ((RowNode.LayerGroup) nodes.get(2)).rows().size());
    }
}
