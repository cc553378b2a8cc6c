package dev.tdw.model.format;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.LoadProgress;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.msprobe.MsprobeLimits;
import dev.tdw.model.msprobe.MsprobePairing;

import java.nio.file.Path;

/**
 * Opens a path named as a capture, whatever its format: a probe capture's folder or manifest, or an msprobe dump's
 * folder or {@code dump.json}. The command line and the window both open captures here.
 *
 * @param reader          reads probe manifests
 * @param msprobeBackward whether msprobe dumps search backward stages for the first divergence too (off by default)
 * @param msprobePairing  how msprobe dumps' stages pair ({@code --fuzzy}: {@link MsprobePairing#FUZZY})
 */
public record CaptureLoader(ManifestReader reader, boolean msprobeBackward, MsprobePairing msprobePairing) {
    public CaptureLoader() { this(new ManifestReader(), false, MsprobePairing.EXACT); }

    /** The same loader, searching msprobe dumps' backward stages or not. */
    public CaptureLoader withMsprobeBackward(boolean backward) { return new CaptureLoader(reader, backward, msprobePairing); }

    /** The same loader, pairing msprobe dumps' stages as given. */
    public CaptureLoader withMsprobePairing(MsprobePairing pairing) { return new CaptureLoader(reader, msprobeBackward, pairing); }

    public CaptureDirectory load(Path path) throws CaptureFormatException { return load(path, LoadProgress.NONE); }

    public CaptureDirectory load(Path path, LoadProgress progress) throws CaptureFormatException {
        return switch (CaptureFormat.of(path)) {
            case MSPROBE -> new MsprobeDump(MsprobeLimits.DEFAULTS, msprobeBackward, msprobePairing).load(path, progress);
            case PROBE -> CaptureDirectory.load(path, reader, progress);
        };
    }
}
