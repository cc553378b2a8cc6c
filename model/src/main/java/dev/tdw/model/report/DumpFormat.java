package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.msprobe.MsprobeEntry;

import java.util.List;

/** The format an output names: {@code msprobe} for msprobe dumps; probe captures' outputs stay as they were. */
public final class DumpFormat {
    private DumpFormat() {}

    /** {@code msprobe} when any manifest was read from an msprobe dump, else null (probe captures). */
    public static String of(List<Manifest> manifests) {
        for (Manifest m : manifests) if (MsprobeEntry.isMsprobe(m)) return MsprobeEntry.FORMAT;
        return null;
    }

    /** Names the format in a JSON output ({@code "format": "msprobe"}) when there is one to name. */
    public static ObjectNode named(ObjectNode json, List<Manifest> manifests) {
        String format = of(manifests);
        if (format != null) json.put("format", format);
        return json;
    }
}
