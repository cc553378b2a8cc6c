package dev.tdw.app.ui.tensor;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.model.compare.DiffHeatmap;
import dev.tdw.model.compare.ElementDifference;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The heatmap in words: the read-out of a cell from the model's element, the axes' indices, "all equal" and "empty". */
class HeatmapViewModelTest {
    private final TensorViewModel tensors = new TensorViewModel(new DirectTaskRunner());

    private HeatmapViewModel layerBug(String key) {
        tensors.comparisonProperty().set(Captures.compare("layer-bug", "baseline", "candidate"));
        tensors.keyProperty().set(key);
        return tensors.heatmapProperty().get();
    }

    @Test
    void theCellOfTheWorstElementReadsOutItsIndexBothValuesAndTheDifference() {
        HeatmapViewModel h = layerBug("layers.3.self_attn.q_rope#0");
        assertEquals(HeatmapViewModel.State.DIFFERS, h.state());
        assertEquals("", h.stateText());
        // [4, 4, 16] as 16 rows of 16 columns, one element per cell: the worst element's cell tells its values.
        ElementDifference worst = tensors.reportProperty().get().worst().get(0);
        long row = worst.index().get(0) * 4 + worst.index().get(1), col = worst.index().get(2);
        String expected = "row " + row + ", column " + col + " (index " + worst.indexText() + "): left "
                + TensorReportTask.num(worst.left()) + ", right " + TensorReportTask.num(worst.right()) + ", |Δ| 1.18836";
        assertEquals(expected, h.readout((int) row, (int) col));
        assertEquals(HeatmapViewModel.POINT_AT_A_CELL, h.readout(-1, 3), "off the picture");
        assertEquals(HeatmapViewModel.POINT_AT_A_CELL, h.readout(16, 0));
        assertEquals("1.18836", h.scaleHigh());
        assertEquals("≤ 0.000118836", h.scaleLow());
    }

    @Test
    void aCellOfManyElementsSaysWhichRowsAndColumnsAndWhereItsLargestDifferenceIs() {
        // 600 × 3 in cells of 3 × 1; cell (1, 2) covers rows 3–5 of column 2 and shows its largest difference.
        long[] positions = new long[200 * 3];
        double[] lefts = new double[positions.length], rights = new double[positions.length];
        float[] cells = new float[positions.length];
        for (int c = 0; c < positions.length; c++) positions[c] = (c / 3) * 9L + c % 3;
        positions[5] = 4 * 3 + 2;
        lefts[5] = 1;
        rights[5] = 1.25;
        cells[5] = 0.25f;
        positions[4] = 3 * 3 + 1;
        lefts[4] = Double.NaN;
        cells[4] = Float.NaN;
        HeatmapViewModel h = new HeatmapViewModel(new DiffHeatmap(200, 3, cells, 600, 3, 3, 1, 0.25, new long[] {600, 3},
                positions, lefts, rights));
        assertEquals("rows 3–5, column 2: largest |Δ| at row 4, column 2: left 1, right 1.25000, |Δ| 0.250000", h.readout(1, 2));
        assertEquals("rows 3–5, column 1: first non-finite at row 3, column 1: left NaN, right 0, |Δ| non-finite",
                h.readout(1, 1));
    }

    @Test
    void aPassThatIsExactlyEqualSaysAllEqualInsteadOfAnEmptyScale() {
        tensors.comparisonProperty().set(Captures.compare("identical", "run1", "run2"));
        tensors.keyProperty().set("model.logits#0");
        HeatmapViewModel h = tensors.heatmapProperty().get();
        assertEquals(HeatmapViewModel.State.ALL_EQUAL, h.state());
        assertTrue(h.stateText().startsWith("all equal: every one of the "), h.stateText());
        assertTrue(h.stateText().endsWith(" elements is exactly the same on both sides."), h.stateText());
    }

    /** A 5-D cache is pictured near square, its rows and columns named by the cache's own dimensions. */
    @Test
    void aFiveDimensionalCacheIsANearSquarePictureLabelledByItsDimensions() {
        long[] shape = {2, 8, 16, 4, 16};
        assertEquals(3, DiffHeatmap.rowDims(shape), "256 rows of 4 x 16, not 1024 rows of 16");
        int cells = 256 * 64;
        HeatmapViewModel h = new HeatmapViewModel(new DiffHeatmap(256, 64, new float[cells], 256, 64, 1, 1, 1, shape,
                new long[cells], new double[cells], new double[cells]));
        assertEquals(List.of("0,0,0", "0,0,2", "0,0,4", "0,0,6"), h.rowTicks(130).stream().limit(4).map(HeatmapViewModel.Tick::label).toList());
        assertEquals("1,7,15", h.map().index(255, true));
        assertEquals(List.of("0,0", "3,2"), h.colTicks(2).stream().map(HeatmapViewModel.Tick::label).toList());
        assertEquals(2, DiffHeatmap.rowDims(new long[] {4, 4, 16}), "a 3-D tensor already square keeps its last dimension as columns");
        assertEquals(1, DiffHeatmap.rowDims(new long[] {12, 64}));
    }

    @Test
    void anEmptyTensorSaysEmpty() {
        HeatmapViewModel h = new HeatmapViewModel(new DiffHeatmap(0, 4, new float[0], 0, 4, 1, 1, 0, new long[] {0, 4},
                new long[0], new double[0], new double[0]));
        assertEquals(HeatmapViewModel.State.EMPTY, h.state());
        assertEquals("empty: the tensor has no elements, so there is nothing to picture.", h.stateText());
        assertEquals(List.of(), h.rowTicks(5));
    }

    @Test
    void withoutAnElementwisePictureThereIsNoHeatmap() {
        layerBug("add_rms_norm:epsilon#3");
        assertNull(tensors.heatmapProperty().get());
    }

    @Test
    void axisIndicesAreAtRoundStepsInTheMiddleOfTheirRowOrColumn() {
        HeatmapViewModel h = layerBug("layers.3.self_attn.q_rope#0");
        List<HeatmapViewModel.Tick> cols = h.colTicks(4);
        assertEquals(List.of("0", "5", "10", "15"), cols.stream().map(HeatmapViewModel.Tick::label).toList());
        assertEquals(0.5 / 16, cols.get(0).fraction(), 1e-12);
        assertEquals(15.5 / 16, cols.get(3).fraction(), 1e-12);
        // [4, 4, 16]: a row folds the first two dimensions and is named by its index in them.
        assertEquals(List.of("0,0", "0,2", "1,0", "1,2", "2,0", "2,2", "3,0", "3,2"),
                h.rowTicks(8).stream().map(HeatmapViewModel.Tick::label).toList());
        assertEquals(1, HeatmapViewModel.roundStep(16, 100));
        assertEquals(50, HeatmapViewModel.roundStep(600, 12));
        assertEquals(1000, HeatmapViewModel.roundStep(1000, 1), "a single label: the first index");
    }
}
