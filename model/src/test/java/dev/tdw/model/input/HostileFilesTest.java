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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    /** Byte sequences Python's strict UTF-8 decoder refuses: overlong forms, CESU-8 surrogate halves, code points past U+10FFFF. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "overlong slash, C0AF",
            "overlong NUL, C080",
            "overlong 3-byte slash, E080AF",
            "overlong 4-byte, F08082AF",
            "CESU-8 surrogate pair, EDA0BDEDB880",
            "lone low surrogate, EDB880",
            "past U+10FFFF, F4908080",
            "F5 lead byte, F5808080",
    })
    void nonShortestAndSurrogateUtf8IsRefusedWithTheFileAndLocation(String what, String hex) throws IOException {
        byte[] bad = java.util.HexFormat.of().parseHex(hex);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes("{\"label\": \"a\",\n \"records\": [{\"stage\": \"x".getBytes(StandardCharsets.UTF_8));
        out.writeBytes(bad);
        out.writeBytes("y\"}]}".getBytes(StandardCharsets.UTF_8));
        Path f = Files.write(dir.resolve("u-rank0.json"), out.toByteArray());
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(f), what);
        assertTrue(e.getMessage().startsWith(f + ": invalid UTF-8 at line 2, column "), e.getMessage());
        assertInstanceOf(InputLocation.Json.class, e.location().orElseThrow());
    }

    @Test
    void validMultiByteUtf8StillLoads() throws Exception {
        Path f = Files.writeString(dir.resolve("v-rank0.json"),
                "{\"label\": \"a\", \"records\": [{\"stage\": \"\u00e9\u4e2d\ud83d\ude00\ud7ff\ue000\"}]}", StandardCharsets.UTF_8);
        assertEquals("\u00e9\u4e2d\ud83d\ude00\ud7ff\ue000", new ManifestReader().read(f).records().get(0).stage());
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
