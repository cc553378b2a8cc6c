package dev.tdw.model.compare;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.input.InputException;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The payloads a tensors comparison opens, and why one cannot be: the command line and the scale-out job (scale/) word
 * a pair they could not compare alike.
 */
public final class PayloadFiles {
    private PayloadFiles() {}

    /** Opens a payload; every failure is unusable input naming the file. */
    public static Payload open(Path file) throws InputException {
        try {
            return new PayloadReader().read(file);
        } catch (InputException e) {
            throw e;
        } catch (IOException e) {
            throw new InputException(file, null, RegularFiles.reason(e), e);
        }
    }

    /** The payload a manifest of the capture at {@code root} names; a manifest that saved none is unusable input. */
    public static Path of(Path root, Manifest m) throws InputException {
        return CaptureDirectory.payloadOf(root, m).orElseThrow(() -> new InputException(m.path(), null,
                "saved no payload (no tensor_file); set DUMP_PROBE_TENSOR to save tensors", null));
    }
}
