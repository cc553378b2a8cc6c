package dev.tdw.model.analysis;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.testing.TestCaptures;

/** Manifests of the shared captures and their analysis at exact tolerance. */
final class Pairs {
    private Pairs() {}

    static CaptureDirectory load(String scenario, String side) {
        try {
            return CaptureDirectory.load(TestCaptures.scenario(scenario).resolve(side));
        } catch (CaptureFormatException e) {
            throw new IllegalStateException(e);
        }
    }

    static Manifest manifest(String scenario, String side) { return load(scenario, side).manifests().get(0); }

    static PairAnalysis analyse(String scenario, String left, String right) {
        return PairAnalysis.of(manifest(scenario, left), manifest(scenario, right), Tolerance.EXACT);
    }
}
