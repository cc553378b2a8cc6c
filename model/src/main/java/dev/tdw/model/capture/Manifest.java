package dev.tdw.model.capture;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One manifest file: a single armed forward of one request label on one rank.
 * Integers are nullable: a field the probe failed to write stays absent.
 */
public record Manifest(Path path, String probe, String label, Integer rank, Integer matchIndex, Integer occurrence,
                       Map<String, Object> metadata, List<String> stats, List<StageRecord> records,
                       List<GraphSlot> graphSlots, String tensorFile, Map<String, Object> extra) {
    public Manifest {
        records = List.copyOf(records);
        graphSlots = graphSlots == null ? List.of() : List.copyOf(graphSlots);
        stats = stats == null ? null : List.copyOf(stats);
    }

    public CaptureId id() { return new CaptureId(label, rank, occurrence, matchIndex); }
}
