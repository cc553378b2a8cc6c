package dev.tdw.model.format;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.msprobe.MsprobeEntry;

import java.nio.file.Path;
import java.util.List;

/** A format of capture: the probe's (docs/capture-format.md) or msprobe's dump (docs/msprobe.md). */
public enum CaptureFormat {
    PROBE("probe capture", true),
    MSPROBE("msprobe dump (MindStudio Probe dump.json)", false);

    private final String description;
    private final boolean recordsTokenIds;

    CaptureFormat(String description, boolean recordsTokenIds) {
        this.description = description;
        this.recordsTokenIds = recordsTokenIds;
    }

    /** Whether the format records the request's token ids (a probe manifest's metadata); msprobe dumps record none. */
    public boolean recordsTokenIds() { return recordsTokenIds; }

    /** What outputs call the format ("msprobe dump (MindStudio Probe dump.json)"). */
    public String description() { return description; }

    /** The format of a path named as a capture: a folder or one file (autodetection, docs/msprobe.md). */
    public static CaptureFormat of(Path path) { return MsprobeDump.detect(path) ? MSPROBE : PROBE; }

    /** The format a manifest was read from. */
    public static CaptureFormat of(Manifest m) { return MsprobeEntry.isMsprobe(m) ? MSPROBE : PROBE; }

    /** {@link #MSPROBE} when any of the manifests was read from an msprobe dump, else {@link #PROBE}. */
    public static CaptureFormat of(List<Manifest> manifests) {
        for (Manifest m : manifests) if (of(m) == MSPROBE) return MSPROBE;
        return PROBE;
    }
}
