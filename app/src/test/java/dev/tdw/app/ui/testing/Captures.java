package dev.tdw.app.ui.testing;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.model.compare.Tolerance;

import java.nio.file.Files;
import java.nio.file.Path;

/** The real probe captures in testdata/captures (read-only), located like the model's tests do. */
public final class Captures {
    private Captures() {}

    public static Path root() {
        String prop = System.getProperty("tdw.testdata");
        if (prop != null && Files.isDirectory(Path.of(prop, "captures"))) return Path.of(prop, "captures");
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path c = p.resolve("testdata/captures");
            if (Files.isDirectory(c)) return c;
        }
        throw new IllegalStateException("testdata/captures not found; set -Dtdw.testdata");
    }

    public static Path dir(String scenario, String side) { return root().resolve(scenario).resolve(side); }

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
        return Comparison.of(manifest(scenario, left), manifest(scenario, right), Tolerance.EXACT);
    }
}
