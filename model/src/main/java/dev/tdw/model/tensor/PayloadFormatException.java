package dev.tdw.model.tensor;

import dev.tdw.model.input.InputException;
import dev.tdw.model.input.InputLocation;

import java.nio.file.Path;

/**
 * A file that cannot be read as a probe payload (not a zip, truncated, missing {@code data.pkl}, a refused pickle
 * global, a tensor view outside its storage, a resource limit, ...). The message names the file and what is wrong;
 * the command line reports it as unusable input (exit 2).
 */
public class PayloadFormatException extends InputException {
    public PayloadFormatException(String message) {
        super(message, null, null, message, null);
    }

    public PayloadFormatException(String message, Throwable cause) {
        super(message, null, null, message, cause);
    }

    /**
     * {@code <what> in <file>} for a reader that has the file's name as text: the text is what the message names, so a
     * file of another file system keeps its name as printed ({@code hdfs://namenode/...}, whose double slash a local
     * path would fold).
     */
    PayloadFormatException(String file, String what, Throwable cause) {
        super(what + " in " + dev.tdw.model.text.SafeText.of(file), Path.of(file), null, what, cause);
    }

    /** {@code <what> in <file>}, the readers' wording, with the file and the zip entry (if any) kept apart. */
    public PayloadFormatException(Path file, InputLocation.ZipEntry entry, String what, Throwable cause) {
        super(what + " in " + dev.tdw.model.text.SafeText.of(file), file, entry, what, cause);
    }
}
