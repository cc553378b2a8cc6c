package dev.tdw.model.input;

import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.ManifestLimits;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.SpecialFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files that are not regular files never reach a read: a FIFO would block the open until a writer appears, a device
 * would never end. Each is refused by what it is, as an {@link InputException} carrying the file, and the JSON
 * location where there is one. The timeouts run the test in its own thread, so a hang fails instead of blocking.
 */
@Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HostileFilesTest {
    @TempDir
    Path dir;

    @Test
    void aFifoIsRefusedAsManifestAndAsPayloadWithoutOpeningIt() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("x-rank0.json"));
        CaptureFormatException m = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(fifo));
        assertEquals(fifo + ": not a regular file (a FIFO, socket or device)", m.getMessage());
        assertEquals(fifo, m.file());
        Path pt = SpecialFiles.fifo(dir.resolve("x.pt"));
        PayloadFormatException p = assertThrows(PayloadFormatException.class, () -> new PayloadReader().read(pt));
        assertEquals("not a regular file (a FIFO, socket or device) in " + pt, p.getMessage());
        assertEquals(pt, p.file());
    }

    @Test
    void aDeviceADirectoryALinkLoopAndAMissingFileSayWhatTheyAre() throws IOException {
        assertEquals("not a regular file (a FIFO, socket or device) in /dev/zero",
                assertThrows(PayloadFormatException.class, () -> new PayloadReader().read(Path.of("/dev/zero"))).getMessage());
        Path folder = Files.createDirectory(dir.resolve("folder.pt"));
        assertEquals("not a regular file (a directory) in " + folder,
                assertThrows(PayloadFormatException.class, () -> new PayloadReader().read(folder)).getMessage());
        Path a = dir.resolve("a-rank0.json"), b = dir.resolve("b-rank0.json");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        assertEquals(a + ": symbolic link loop",
                assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(a)).getMessage());
        Path missing = dir.resolve("missing-rank0.json");
        assertEquals(missing + ": file not found",
                assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(missing)).getMessage());
        Path longName = dir.resolve("n".repeat(300) + ".json");
        assertEquals(longName + ": file name too long",
                assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(longName)).getMessage());
    }

    @Test
    void operatingSystemFailuresAreWordedWithoutJavaClassNames() {
        // Root (CI containers) reads a chmod 000 file, so the JDK's exceptions are fed in directly.
        assertEquals("permission denied", RegularFiles.reason(new java.nio.file.AccessDeniedException("/x")));
        assertEquals("no such device", RegularFiles.reason(new java.nio.file.FileSystemException("/x", null, "No such device")));
        assertEquals("cannot read", RegularFiles.reason(new IOException()));
    }

    @Test
    void trailingDataAfterTheObjectIsInvalidJsonWithItsLocation() throws IOException {
        Path f = Files.writeString(dir.resolve("t-rank0.json"), "{\"records\": []}\n{\"records\": []}");
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(f));
        assertTrue(e.getMessage().startsWith(f + ": invalid JSON at line 2, column 2: data after the manifest's object"),
                e.getMessage());
        InputLocation.Json at = assertInstanceOf(InputLocation.Json.class, e.location().orElseThrow());
        assertEquals(2, at.line());
    }

    @Test
    void aTinyFileCannotAskForMillionsOfValues() throws IOException {
        Path f = dir.resolve("m-rank0.json");
        Files.writeString(f, "{\"metadata\": {\"a\": [" + "{},".repeat(2000) + "{}]}, \"records\": []}");
        ManifestLimits limits = new ManifestLimits(1 << 20, 64, 1000, 10, 1000);
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new ManifestReader(limits).read(f));
        assertTrue(e.getMessage().contains("more than 1000 JSON values in one value outside the records' fixed fields (limit)"),
                e.getMessage());
        assertTrue(e.location().isPresent());
        // Kept values add up over fields: two 600-value fields pass one by one, not together.
        String half = "[" + "1,".repeat(598) + "1]";
        Files.writeString(f, "{\"a\": " + half + ", \"b\": " + half + ", \"records\": []}");
        e = assertThrows(CaptureFormatException.class, () -> new ManifestReader(limits).read(f));
        assertTrue(e.getMessage().contains("more than 1000 JSON values in all"), e.getMessage());
    }

    @Test
    void controlCharactersInAFileNameAreEscapedInTheMessage() throws IOException {
        Path f = dir.resolve("evil\u001b[2J-rank0.json");
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(f));
        assertEquals(dir + "/evil\\u001b[2J-rank0.json: file not found", e.getMessage());
    }
}
