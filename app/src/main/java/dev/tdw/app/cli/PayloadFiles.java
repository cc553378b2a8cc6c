package dev.tdw.app.cli;

import dev.tdw.bridge.remote.RemoteException;
import dev.tdw.model.input.InputException;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.file.Path;

/** Opens payloads for the commands; every failure becomes unusable input naming the file. */
final class PayloadFiles {
    private PayloadFiles() {}

    /** A payload here, or on a host (read from its local copy, docs/remote.md). */
    static Payload open(Path file) throws UnusableInputException {
        try {
            return new PayloadReader().read(file);
        } catch (InputException e) {
            throw new UnusableInputException(e);
        } catch (RemoteException e) {
            throw new UnusableInputException(e.getMessage(), e);
        } catch (IOException e) {
            throw new UnusableInputException(SafeText.of(file) + ": " + RegularFiles.reason(e), e);
        }
    }

    /**
     * Runs a model reader of tensors, which guards its own reading ({@link MappedRead#guard}): a payload that shrinks
     * meanwhile is unusable input naming it, not a crash.
     */
    static <T> T read(MappedRead.Work<T, PayloadFormatException> work) throws UnusableInputException {
        try {
            return work.run();
        } catch (PayloadFormatException e) {
            throw new UnusableInputException(e);
        }
    }
}
