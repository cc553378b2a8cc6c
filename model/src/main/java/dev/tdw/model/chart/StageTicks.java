package dev.tdw.model.chart;

import dev.tdw.model.key.Layers;

import java.util.ArrayList;
import java.util.List;

/**
 * The named ticks of a stage-order axis (the window's chart and the report's), worked out from the stage names once:
 * the axis asks for its ticks on every repaint, and matching every stage name again then cost more than drawing the lines.
 */
public final class StageTicks {
    public static final StageTicks EMPTY = new StageTicks(List.of());
    private final List<String> stages;
    /** The layer of each stage (null outside the layers). */
    private final Integer[] layer;
    private final int firstLayered, lastLayered;

    public StageTicks(List<String> stages) {
        this.stages = List.copyOf(stages);
        this.layer = this.stages.stream().map(Layers::number).toArray(Integer[]::new);
        int first = -1, last = -1;
        for (int i = 0; i < layer.length; i++) {
            if (layer[i] == null) continue;
            if (first < 0) first = i;
            last = i;
        }
        this.firstLayered = first;
        this.lastLayered = last;
    }

    /**
     * Named ticks over the visible domain [lower, upper], at most {@code maxTicks} of them. When every visible stage
     * fits, each is named by its layer and op ({@code 3.q_rope}, {@code model.logits}); otherwise a major tick marks
     * where each layer begins, and the stages before the first layer and after the last one ({@code runner.input_ids},
     * {@code model.logits}) get minor ticks; thinned to every k-th when there is not room.
     */
    public List<StageTick> ticks(double lower, double upper, int maxTicks) {
        int from = (int) Math.max(0, Math.ceil(lower)), to = (int) Math.min(stages.size() - 1, Math.floor(upper));
        if (maxTicks < 1 || from > to) return List.of();
        List<StageTick> ticks = new ArrayList<>();
        if (to - from + 1 <= maxTicks) {
            for (int i = from; i <= to; i++) ticks.add(new StageTick(i, shortName(i), startsLayer(i)));
            return ticks;
        }
        for (int i = from; i <= to; i++) {
            if (layer[i] != null && startsLayer(i)) ticks.add(new StageTick(i, "layers." + layer[i], true));
            else if (layer[i] == null && (i < firstLayered || i > lastLayered)) ticks.add(new StageTick(i, stages.get(i), false));
        }
        int step = (ticks.size() + maxTicks - 1) / maxTicks;
        if (step <= 1) return ticks;
        List<StageTick> thinned = new ArrayList<>();
        for (int i = 0; i < ticks.size(); i += step) thinned.add(ticks.get(i));
        return thinned;
    }

    /** The first stage of its layer; stages outside the layers in between (a fused add_rms_norm) do not end a layer. */
    private boolean startsLayer(int i) {
        if (layer[i] == null) return false;
        for (int j = i - 1; j >= 0; j--) {
            if (layer[j] != null) return !layer[i].equals(layer[j]);
        }
        return true;
    }

    /** {@code 3.q_rope} for {@code layers.3.self_attn.q_rope}, the stage itself outside the layers. */
    private String shortName(int i) {
        String stage = stages.get(i);
        if (layer[i] == null) return stage;
        return layer[i] + "." + stage.substring(stage.lastIndexOf('.') + 1);
    }
}
