package dev.tdw.model.capture;

import java.nio.file.Path;
import java.util.List;

/**
 * A file in a capture directory that was not used, or a manifest that was loaded without its payload, and why.
 * The rest of the capture still loads. {@code message} names the file and says what happened to it.
 */
public record LoadProblem(Path file, Kind kind, String message) {
    /** What happened to the file; only {@link #PAYLOAD_NOT_USED} leaves the manifest itself in the capture. */
    public enum Kind {
        /** A {@code .json} not named {@code {label}-rank{N}.json}: not read as a manifest. */
        NOT_A_PROBE_MANIFEST,
        /** Named like a manifest, but could not be read (invalid JSON, a broken record, too large). */
        UNREADABLE_MANIFEST,
        /** A {@code .pt} that no manifest names. */
        PAYLOAD_OF_NO_MANIFEST,
        /** A {@code .pt} named after a manifest that could not be read. */
        PAYLOAD_OF_UNREADABLE_MANIFEST,
        /** Not opened at all: a link out of the capture, a dangling link, a FIFO or device, an unreadable entry, too deep. */
        REFUSED,
        /** The walk stopped at one of its limits: what lies beyond was not searched. */
        WALK_STOPPED,
        /** The manifest loaded (its statistics are compared), its payload was refused or is missing. */
        PAYLOAD_NOT_USED,
        /** A file of context beside the data (msprobe's stack.json, construct.json) could not be read: the data loaded without it. */
        CONTEXT_NOT_USED,
        /** A whole capture that could not be opened (the folder is missing, not a directory). */
        CAPTURE_NOT_OPENED;

        /** Whether the manifest the problem is about still loaded. */
        public boolean manifestLoaded() { return this == PAYLOAD_NOT_USED; }
    }

    @Override
    public String toString() { return message; }

    /** Files not used at all (everything but manifests loaded without their payload). */
    public static long filesNotUsed(List<LoadProblem> problems) {
        return problems.stream().filter(p -> !p.kind().manifestLoaded()).count();
    }

    /** Manifests loaded without their payload. */
    public static long payloadsNotUsed(List<LoadProblem> problems) {
        return problems.stream().filter(p -> p.kind().manifestLoaded()).count();
    }
}
