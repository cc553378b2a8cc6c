package dev.tdw.app.ui.chart;

import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnitSource;
import org.jfree.data.Range;

/**
 * The stage-order axis. Its automatic range is always every stage, not the extent of the points
 * currently in the dataset (which after a zoom covers only the visible part).
 */
final class StageAxis extends NumberAxis {
    private int stages;

    StageAxis() {
        super("stage (merged capture order)");
        setStandardTickUnits(new NumberTickUnitSource(true));
        setAutoRangeIncludesZero(false);
    }

    void setStages(int stages) {
        this.stages = stages;
        setAutoRange(true);
    }

    Range fullRange() { return new Range(-0.5, Math.max(0.5, stages - 0.5)); }

    @Override
    protected void autoAdjustRange() {
        setRange(fullRange(), false, false);
    }
}
