package dev.tdw.app.ui.replay;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.text.SafeText;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The captured input set a replay starts from: the payload holding it, the stage and its occurrence among that
 * stage's input sets ({@code add_rms_norm#3}), the capture's label (for the output directory's name), the capture
 * directory the outputs must stay out of, and which of the window's two captures it is (both sides usually hold a
 * payload of the same name, so the side and its folder are what tell them apart).
 */
public record ReplayTarget(Path payload, String stage, int occurrence, String label, Path captureRoot, Side side) {
    public ReplayTarget {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(captureRoot, "captureRoot");
        Objects.requireNonNull(side, "side");
        label = label == null ? "capture" : label;
    }

    /** Whether a record's input set can be replayed: the probe saved it into the manifest's payload. */
    public static boolean canReplay(Manifest manifest, StageRecord record) {
        return record.isInputSet() && Boolean.TRUE.equals(record.inputSetSaved()) && manifest.tensorFile() != null;
    }

    /**
     * The target of a stage table row's record. The occurrence counts earlier input-set records of the same stage in
     * that manifest, as the payload numbers its input sets.
     *
     * @throws IllegalArgumentException when {@link #canReplay} says no
     * @throws CaptureFormatException   when the manifest's payload name is refused (see {@link CaptureDirectory#payloadOf})
     */
    public static ReplayTarget of(CaptureDirectory capture, Manifest manifest, StageRecord record, Side side) throws CaptureFormatException {
        if (!canReplay(manifest, record)) {
            throw new IllegalArgumentException(record.key() + " holds no saved input set to replay");
        }
        int n = 0;
        for (StageRecord r : manifest.records()) {
            if (r.equals(record)) break;
            if (r.isInputSet() && r.stage().equals(record.stage())) n++;
        }
        Path payload = capture.payloadOf(manifest).orElseThrow();
        return new ReplayTarget(payload, record.stage(), n, manifest.label(), capture.root(), side);
    }

    public String key() { return StageKey.of(stage, occurrence).toString(); }

    /** {@code the right capture (folder /data/candidate)}: which capture, by side and by folder. */
    public String source() {
        return "the " + side.word() + " capture (folder " + SafeText.of(captureRoot.toString()) + ")";
    }
}
