package dev.tdw.model.replay;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.InputSpec;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * An input of a captured input set that the payload holds with fewer rows than the call had: {@code DUMP_PROBE_ROWS}
 * keeps only the first rows of every saved tensor of 2+ dims, a weight included ([384, 96] becomes [4, 96]). A
 * replay on such inputs runs a different call, so both front ends refuse it unless the user overrides.
 */
public record RowLimit(String input, List<Long> saved, List<Long> captured) {
    public RowLimit {
        saved = List.copyOf(saved);
        captured = List.copyOf(captured);
    }

    /** {@code x: 4 of 12 rows saved ([4, 64] of [12, 64])}. */
    public String describe() {
        return SafeText.of(input) + ": " + saved.get(0) + " of " + captured.get(0) + " rows saved (" + saved + " of " + captured + ")";
    }

    /**
     * What every front end says next to the verdict of a replay the user forced on row-limited inputs (the pane, the
     * status, the report, {@code replay.json}, the command line): such a PASS is not a clean pass.
     */
    public static final String FORCED_CAVEAT = "replayed anyway on row-limited inputs: a different call than captured,"
            + " so this verdict proves nothing about the operator";

    /** The refusal both front ends show, worded once. */
    public static String refusal(String stageKey, List<RowLimit> limits) {
        return SafeText.of(stageKey + " was captured row-limited by DUMP_PROBE_ROWS: "
                + String.join("; ", limits.stream().map(RowLimit::describe).toList())
                + ". A replay on cut inputs runs a different call and proves nothing about the operator;"
                + " capture again with DUMP_PROBE_ROWS=0, or override (--allow-row-limited) knowing that.");
    }

    /**
     * The inputs of input set {@code stage#occurrence} (the payload's numbering: among that stage's input sets) that
     * the payload holds with fewer rows than the manifest's record of the call says.
     */
    public static List<RowLimit> find(Manifest manifest, Payload payload, String stage, int occurrence) {
        int n = 0;
        for (StageRecord r : manifest.records()) {
            if (!r.isInputSet() || !r.stage().equals(stage)) continue;
            if (n++ < occurrence) continue;
            List<RowLimit> out = new ArrayList<>();
            for (InputSpec in : r.inputs()) {
                if (!in.isTensor() || in.layout().shape() == null || in.layout().shape().size() < 2) continue;
                Optional<PayloadEntry> e = payload.entry(StageKey.input(stage, in.name(), occurrence).toString());
                if (e.isEmpty() || !e.get().isTensor()) continue;
                List<Long> saved = Arrays.stream(e.get().tensor().shape()).boxed().toList();
                List<Long> captured = in.layout().shape();
                if (saved.size() == captured.size() && !saved.isEmpty() && saved.get(0) < captured.get(0)) {
                    out.add(new RowLimit(in.name(), saved, captured));
                }
            }
            return out;
        }
        return List.of();
    }

    /**
     * The manifest beside a payload that names it as its {@code tensor_file}, when there is one that reads. The
     * folder listing is bounded like {@link OutputFolderPolicy#MAX_ENTRIES}.
     */
    public static Optional<Manifest> manifestOf(Path payload) {
        Path dir = payload.toAbsolutePath().getParent();
        if (dir == null) return Optional.empty();
        String name = payload.getFileName().toString();
        ManifestReader reader = new ManifestReader();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            Iterator<Path> it = entries.iterator();
            for (int i = 0; i < OutputFolderPolicy.MAX_ENTRIES && it.hasNext(); i++) {
                Path f = it.next();
                if (!CaptureDirectory.isManifestName(f.getFileName().toString()) || !Files.isRegularFile(f)) continue;
                try {
                    Manifest m = reader.read(f);
                    if (name.equals(m.tensorFile())) return Optional.of(m);
                } catch (CaptureFormatException e) {
                    // another file that is not this payload's manifest: keep looking
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
