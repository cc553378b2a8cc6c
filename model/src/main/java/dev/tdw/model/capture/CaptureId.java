package dev.tdw.model.capture;

import java.util.Comparator;
import java.util.Objects;

/** What identifies one manifest within a capture: request label, rank, occurrence and match index. */
public record CaptureId(String label, Integer rank, Integer occurrence, Integer matchIndex) implements Comparable<CaptureId> {
    private static final Comparator<CaptureId> ORDER = Comparator
            .comparing(CaptureId::matchIndex, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(CaptureId::label, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(CaptureId::occurrence, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(CaptureId::rank, Comparator.nullsLast(Comparator.naturalOrder()));

    @Override
    public int compareTo(CaptureId o) { return ORDER.compare(this, o); }

    @Override
    public String toString() {
        return Objects.toString(label, "?") + " occ " + Objects.toString(occurrence, "?") + " rank " + Objects.toString(rank, "?");
    }
}
