package dev.tdw.app.cli;

import dev.tdw.model.input.InputException;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadFormatException;

import java.nio.file.Path;

/** Opens payloads for the commands; every failure becomes unusable input naming the file. */
final class CommandPayloads {
    private CommandPayloads() {}

    /** A payload here, or on a host (read from its local copy, docs/remote.md). */
    static Payload open(Path file) throws UnusableInputException {
        try {
            return dev.tdw.model.compare.PayloadFiles.open(file);
        } catch (InputException e) {
            throw new UnusableInputException(e);
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
