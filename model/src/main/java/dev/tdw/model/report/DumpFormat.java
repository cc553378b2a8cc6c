package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.format.CaptureFormat;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.msprobe.MsprobePairing;

import java.util.List;
import java.util.Optional;

/** The format an output names: {@code msprobe} for msprobe dumps; probe captures' outputs stay as they were. */
public final class DumpFormat {
    private DumpFormat() {}

    /** {@code msprobe} when any manifest was read from an msprobe dump, else null (probe captures). */
    public static String of(List<Manifest> manifests) {
        return CaptureFormat.of(manifests) == CaptureFormat.MSPROBE ? MsprobeEntry.FORMAT : null;
    }

    /**
     * Why a pair of an msprobe dump and a probe capture is refused (their statistics are not the same), or empty when
     * both are of one format.
     */
    public static Optional<String> mixed(Manifest left, Manifest right) {
        if (CaptureFormat.of(left) == CaptureFormat.of(right)) return Optional.empty();
        return Optional.of(left.path() + " and " + right.path()
                + ": one is an msprobe dump and the other a probe capture; compare dumps of one format");
    }

    /** Whether msprobe dumps' stages were paired ignoring call numbers ({@code --fuzzy}, msprobe's {@code -fm}). */
    public static boolean fuzzy(List<Manifest> manifests) {
        return !manifests.isEmpty() && MsprobeEntry.pairing(manifests.get(0)) == MsprobePairing.FUZZY;
    }

    /**
     * Names the format in a JSON output ({@code "format": "msprobe"}, and {@code "stage_pairing": "fuzzy"} under
     * {@code --fuzzy}) when there is one to name.
     */
    public static ObjectNode named(ObjectNode json, List<Manifest> manifests) {
        String format = of(manifests);
        if (format != null) json.put("format", format);
        if (fuzzy(manifests)) json.put("stage_pairing", "fuzzy");
        return json;
    }
}
