package dev.tdw.app.report;

import dev.tdw.app.chart.HeatmapColors;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffHeatmap;
import dev.tdw.model.compare.ElementStatistics;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.report.Wording;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadReader;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The heatmap of the tensor pair a report leads with (the first mismatch's first failing tensor), as the window's
 * Tensors tab draws it: |left - right| per cell on the same colour scale, one image pixel block per cell.
 */
public final class ReportHeatmap {
    /** The picture's longer side at most, in pixels. */
    static final int MAX_SIDE = 640;

    /** The picture and the words under it: which tensor, its 2-D view and the ends of the colour scale. */
    public record Picture(String key, String caption, byte[] png) {}

    private ReportHeatmap() {}

    /**
     * The heatmap of the first mismatch's tensor pair; empty when the tensors were not compared, have no picture, or
     * can no longer be read (the headline's tensor verdict still says what was compared; the report is not lost for it).
     */
    public static Optional<Picture> of(PairAnalysis a) {
        try {
            return picture(a);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Picture> picture(PairAnalysis a) throws IOException {
        TensorEvidence e = a.tensors();
        if (e == null || e.firstMismatch() == null) return Optional.empty();
        Optional<StageTensors> first = e.find(e.firstMismatch());
        if (first.isEmpty() || first.get().items().isEmpty()) return Optional.empty();
        String key = first.get().firstFailing() != null ? first.get().firstFailing() : first.get().items().get(0).key();
        Optional<Path> left = payload(a.left()), right = payload(a.right());
        if (left.isEmpty() || right.isEmpty()) return Optional.empty();
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(left.get()); Payload r = reader.read(right.get())) {
            Optional<PayloadEntry> le = l.entry(key), re = r.entry(key);
            if (le.isEmpty() || re.isEmpty() || !le.get().isTensor() || !re.get().isTensor()) return Optional.empty();
            TensorPairResult pair = new TensorComparison(TensorComparison.DEFAULT_ATOL, TensorComparison.DEFAULT_RTOL,
                    TensorComparison.DEFAULT_MAX_ELEMENTS).withElements(ElementStatistics.DEFAULT_WORST).comparePair(le.get(), re.get());
            DiffHeatmap h = pair.elements() == null ? null : pair.elements().heatmap();
            if (h == null || h.isEmpty() || h.allEqual()) return Optional.empty();
            return Optional.of(new Picture(key, h.describe() + " · colour: |left − right| from ≤ "
                    + Wording.number(h.max() / Math.pow(10, HeatmapColors.DECADES)) + " (pale) to " + Wording.number(h.max())
                    + " (dark red), non-finite purple, equal grey", png(h)));
        }
    }

    private static Optional<Path> payload(Manifest m) throws IOException {
        try {
            return CaptureDirectory.payloadOf(m.path().getParent(), m);
        } catch (CaptureFormatException ex) {
            return Optional.empty();
        }
    }

    /** Square cells, as large as {@link #MAX_SIDE} allows (at least one pixel). */
    static byte[] png(DiffHeatmap h) throws IOException {
        int cell = Math.max(1, MAX_SIDE / Math.max(h.cellRows(), h.cellCols()));
        BufferedImage image = new BufferedImage(h.cellCols() * cell, h.cellRows() * cell, BufferedImage.TYPE_INT_ARGB);
        for (int row = 0; row < h.cellRows(); row++) {
            for (int col = 0; col < h.cellCols(); col++) {
                int argb = HeatmapColors.argb(h.cell(row, col), h.max());
                for (int y = 0; y < cell; y++) for (int x = 0; x < cell; x++) image.setRGB(col * cell + x, row * cell + y, argb);
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (!ImageIO.write(image, "png", bytes)) throw new IOException("no PNG writer available");
        return bytes.toByteArray();
    }
}
