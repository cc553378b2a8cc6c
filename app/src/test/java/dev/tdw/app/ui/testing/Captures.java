package dev.tdw.app.ui.testing;

import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.testing.TestCaptures;

import java.nio.file.Path;

/** The real probe captures in testdata/captures (read-only), found by the model's {@link TestCaptures}. */
public final class Captures {
    private Captures() {}

    public static Path dir(String scenario, String side) { return TestCaptures.scenario(scenario).resolve(side); }

    public static CaptureDirectory load(String scenario, String side) {
        try {
            return CaptureDirectory.load(dir(scenario, side));
        } catch (CaptureFormatException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The single manifest of a one-manifest capture. */
    public static Manifest manifest(String scenario, String side) {
        return load(scenario, side).manifests().get(0);
    }

    public static Comparison compare(String scenario, String left, String right) {
        return ComparisonTask.run(manifest(scenario, left), manifest(scenario, right), Tolerance.EXACT);
    }
}
