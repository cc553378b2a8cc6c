package dev.tdw.model.tensor;

import java.io.IOException;

/**
 * A file that cannot be read as a probe payload (not a zip, truncated, missing {@code data.pkl}, a refused pickle
 * global, a tensor view outside its storage, a resource limit, ...). The message names the file and what is wrong;
 * the command line reports it as unusable input (exit 2).
 */
public class PayloadFormatException extends IOException {
    public PayloadFormatException(String message) {
        super(message);
    }

    public PayloadFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
