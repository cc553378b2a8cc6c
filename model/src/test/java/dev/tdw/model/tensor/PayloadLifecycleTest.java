package dev.tdw.model.tensor;

import dev.tdw.model.testing.OpenFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What closing a payload and interrupting a read leave behind: nothing open, and clean errors instead of crashes. */
class PayloadLifecycleTest {
    private static final Path FILE = CaptureFiles.root().resolve("identical/run1/cmpl-same-rank0.pt");

    private final PayloadReader reader = new PayloadReader();

    @Test
    void aClosedPayloadRefusesFurtherReadsByName() throws IOException {
        Payload p = reader.read(FILE);
        Tensor t = p.entries().get(0).tensor();
        double first = t.getDouble(0);
        StorageBytes held = t.bytes();
        p.close();
        for (Executable access : new Executable[] {() -> t.getDouble(0), () -> t.getLong(0), t::bytes, () -> TensorDigest.of(t)}) {
            IllegalStateException e = assertThrows(IllegalStateException.class, access);
            assertEquals("payload " + FILE + " is closed; its tensors can no longer be read", e.getMessage());
        }
        // A buffer taken before close stays valid: the mapping is never unmapped under it.
        assertEquals(first, ElementCodec.readDouble(held, t.dtype(), t.storageIndex(0)));
        p.close();
        assertFalse(p.mapping().isOpen());
    }

    @Test
    void anInterruptedReadIsCancelledAndClosesTheFile() throws IOException {
        Thread.currentThread().interrupt();
        try {
            CancellationException e = assertThrows(CancellationException.class, () -> reader.read(FILE));
            assertEquals("reading " + FILE + " was cancelled (interrupted)", e.getMessage());
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt stays set for the caller");
        } finally {
            Thread.interrupted();
        }
        assertEquals(0, OpenFiles.descriptorsUnder(FILE.getParent()));
        try (Payload p = reader.read(FILE)) {
            assertTrue(p.entries().size() > 0);
        }
    }
}
