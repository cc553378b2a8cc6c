package dev.tdw.model.capture;

import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.Slow;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run killed mid-write leaves truncated manifests, payloads without manifests, manifests without payloads and
 * truncated payloads: whatever is whole loads, the rest is listed, and a truncated payload is reported, with its file
 * name, when it is opened.
 */
class PartialCaptureTest {
    @TempDir
    Path tmp;

    private final PayloadReader reader = new PayloadReader();

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }

    private static void truncate(Path file, int keep) throws IOException {
        Files.write(file, Arrays.copyOf(Files.readAllBytes(file), keep));
    }

    @Test
    void aKilledRunLoadsWhatIsWholeAndNamesWhatIsNot() throws Exception {
        Path cap = tmp.resolve("baseline");
        copyTree(TestCaptures.scenario("chunked-prefill").resolve("baseline"), cap);
        Path cutManifest = cap.resolve("occ1/cmpl-a-rank0.json");
        truncate(cutManifest, (int) Files.size(cutManifest) / 2);
        Files.delete(cap.resolve("occ1/cmpl-a-rank1.json"));
        Files.delete(cap.resolve("occ2/cmpl-a-rank0.pt"));
        Path cutPayload = cap.resolve("occ2/cmpl-a-rank1.pt");
        truncate(cutPayload, (int) Files.size(cutPayload) / 2);

        CaptureDirectory d = CaptureDirectory.load(cap);
        assertEquals(6, d.manifests().size());
        List<String> problems = d.problems().stream().map(LoadProblem::message).sorted().toList();
        assertEquals(4, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith(cutManifest + ": invalid JSON at line"), problems.get(0));
        // The payload of the unreadable manifest is named as such, not as an orphan of a killed run.
        assertEquals(cap.resolve("occ1/cmpl-a-rank0.pt") + ": payload of cmpl-a-rank0.json, which could not be read",
                problems.get(1));
        assertEquals(cap.resolve("occ1/cmpl-a-rank1.pt") + ": payload without a manifest naming it (a run killed mid-write?)",
                problems.get(2));
        assertEquals(cap.resolve("occ2/cmpl-a-rank0.json") + ": loaded, payload missing: names payload cmpl-a-rank0.pt, which is missing", problems.get(3));

        int opened = 0;
        for (Manifest m : d.manifests()) {
            Path payload = d.payloadOf(m).orElseThrow();
            if (payload.equals(cap.resolve("occ2/cmpl-a-rank0.pt"))) continue;
            if (payload.equals(cutPayload)) {
                PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(payload).close());
                assertEquals("truncated or damaged zip (no end-of-central-directory record) in " + cutPayload, e.getMessage());
            } else {
                try (Payload p = reader.read(payload)) {
                    assertEquals(m.label(), p.label());
                    opened++;
                }
            }
        }
        assertEquals(4, opened);
    }

    /** Every prefix of a real payload, as a killed torch.save leaves it, fails with the file named, never otherwise. */
    @Slow
    @Test
    void everyTruncationOfARealPayloadNamesTheFile() throws IOException {
        for (Path real : List.of(TestCaptures.scenario("chunked-prefill").resolve("baseline/occ1/cmpl-a-rank0.pt"),
                TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.pt"))) {
            byte[] whole = Files.readAllBytes(real);
            Path cut = tmp.resolve("cut-" + real.getFileName());
            int step = whole.length < 4096 ? 1 : 61;
            for (int keep = 0; keep < whole.length; keep += step) {
                Files.write(cut, Arrays.copyOf(whole, keep));
                PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(cut).close(),
                        "prefix of " + keep + " bytes");
                assertTrue(e.getMessage().endsWith(" in " + cut), e.getMessage());
            }
        }
    }

    /**
     * A writer killed after preallocating leaves zeroed ranges. In the zip structure or data.pkl (CRC-checked) they
     * are found; inside a mapped storage they are not (storages are not checksummed, see docs/security.md).
     */
    @Test
    void zeroedRangesInTheStructureAreFound() throws IOException {
        Path real = TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.pt");
        byte[] whole = Files.readAllBytes(real);
        int pickleStart = 64; // the first entry, data.pkl, starts at the first 64-byte boundary
        for (int[] range : new int[][] {{pickleStart, pickleStart + 100}, {whole.length - 300, whole.length - 100}}) {
            byte[] holed = whole.clone();
            Arrays.fill(holed, range[0], range[1], (byte) 0);
            Path file = tmp.resolve("holed.pt");
            Files.write(file, holed);
            PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(file).close());
            assertTrue(e.getMessage().endsWith(" in " + file), e.getMessage());
        }
    }
}
