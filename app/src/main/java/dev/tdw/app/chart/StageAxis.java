package dev.tdw.app.chart;

import dev.tdw.model.chart.StageTick;
import dev.tdw.model.text.SafeText;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.NumberTickUnitSource;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * The stage-order axis. Its automatic range is always every stage, not the extent of the points
 * currently in the dataset (which after a zoom covers only the visible part). Its ticks are named
 * stages from the view model (layer starts, or every stage when zoomed in), as many as fit side by side.
 */
public final class StageAxis extends NumberAxis {
    /** Space between two tick labels, in pixels. */
    private static final int LABEL_GAP = 14;

    /** The named ticks of the visible range [lower, upper], at most the given count. */
    public interface TickSource {
        List<StageTick> ticks(double lower, double upper, int maxTicks);
    }

    private final transient TickSource source;
    private int stages;

    public StageAxis(TickSource source) {
        super("stage (merged capture order)");
        this.source = source;
        setStandardTickUnits(new NumberTickUnitSource(true));
        setAutoRangeIncludesZero(false);
    }

    public void setStages(int stages) {
        this.stages = stages;
        setAutoRange(true);
    }

    Range fullRange() { return new Range(-0.5, Math.max(0.5, stages - 0.5)); }

    @Override
    protected void autoAdjustRange() {
        setRange(fullRange(), false, false);
    }

    @Override
    public List<ValueTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        if (!RectangleEdge.isTopOrBottom(edge) || dataArea.getWidth() <= 0) return super.refreshTicks(g2, state, dataArea, edge);
        FontMetrics metrics = g2.getFontMetrics(getTickLabelFont());
        // Offered at most one per 40 px, then kept left to right where a label does not run into the one before.
        List<StageTick> offered = source.ticks(getLowerBound(), getUpperBound(), Math.max(1, (int) (dataArea.getWidth() / 40)));
        TextAnchor anchor = edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
        // Major ticks (layer starts) first, then the others where they still fit.
        List<double[]> taken = new ArrayList<>();
        List<StageTick> kept = new ArrayList<>();
        for (boolean major : new boolean[]{true, false}) {
            for (StageTick t : offered) {
                if (t.major() != major) continue;
                double x = valueToJava2D(t.index(), dataArea, edge);
                double half = metrics.stringWidth(SafeText.of(t.label())) / 2.0 + LABEL_GAP / 2.0;
                if (taken.stream().anyMatch(r -> x - half < r[1] && x + half > r[0])) continue;
                taken.add(new double[]{x - half, x + half});
                kept.add(t);
            }
        }
        kept.sort(java.util.Comparator.comparingInt(StageTick::index));
        List<ValueTick> result = new ArrayList<>(kept.size());
        for (StageTick t : kept) result.add(new NumberTick((double) t.index(), SafeText.of(t.label()), anchor, TextAnchor.CENTER, 0));
        return result;
    }
}
