package dev.tdw.model.output;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An output folder (or file) tdw refuses to write into, with the reason in the message (which names it): a refusal of
 * the place, before anything is written; a write that failed there is an {@link OutputWriteException}.
 */
public final class OutputFolderException extends IOException {
    private final transient Path folder;

    public OutputFolderException(Path folder, String reason) {
        super(folder + ": " + reason);
        this.folder = folder;
    }

    public Path folder() { return folder; }
}
