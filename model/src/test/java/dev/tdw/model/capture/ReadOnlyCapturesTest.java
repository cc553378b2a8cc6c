package dev.tdw.model.capture;

import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.StatisticsRecompute;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.DiffJson;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.report.ScanJson;
import dev.tdw.model.report.TensorsJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing in the model ever writes into a capture. The real captures are copied, made read-only (chmod -R a-w; tests
 * may run as root, where that stops nothing, so a snapshot of every file's size, mtime and sha256 and of every
 * directory's listing and mtime is compared too), and every reader, scan, diff, tensors comparison, listing and
 * statistics recompute runs over every scenario.
 */
class ReadOnlyCapturesTest {
    @TempDir
    Path tmp;

    @Test
    void readingEveryScenarioChangesNothing() throws Exception {
        Path root = tmp.resolve("captures");
        PartialCaptureTest.copyTree(TestCaptures.root(), root);
        Map<String, String> before = snapshot(root);
        setWritable(root, false);
        int work;
        try {
            work = readEverything(root);
        } finally {
            setWritable(root, true);
        }
        assertTrue(work > 100, "exercised " + work + " operations");
        assertEquals(before, snapshot(root));
    }

    /** Runs every read-only operation of the model over every scenario; returns how many it ran. */
    private static int readEverything(Path root) throws Exception {
        int work = 0;
        PayloadReader reader = new PayloadReader();
        ManifestReader manifests = new ManifestReader();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".json")) {
                    try {
                        manifests.read(f); // expected-*.json are not manifests: refused, read all the same
                    } catch (CaptureFormatException notAManifest) {
                        assertTrue(notAManifest.getMessage().startsWith(f.toString()), notAManifest.getMessage());
                    }
                    work++;
                } else if (name.endsWith(".pt")) {
                    work += readPayload(reader, f);
                }
            }
        }
        List<Path> scenarios;
        try (Stream<Path> s = Files.list(root)) {
            scenarios = s.filter(Files::isDirectory).sorted().toList();
        }
        Function<Path, String> paths = Path::toString;
        for (Path scenario : scenarios) {
            CaptureDirectory whole = CaptureDirectory.load(scenario);
            List<ScanResult> scans = new ArrayList<>();
            for (Manifest m : whole.manifests()) scans.add(Scan.of(m, 65504.0));
            ScanJson.of(scans, paths);
            TextReport.scan(scans, paths);
            work += scans.size();
            List<CaptureDirectory> sides = new ArrayList<>();
            try (Stream<Path> s = Files.list(scenario)) {
                for (Path d : s.filter(Files::isDirectory).sorted().toList()) sides.add(CaptureDirectory.load(d));
            }
            for (CaptureDirectory left : sides) {
                for (CaptureDirectory right : sides) {
                    for (CapturePairing.ManifestPair pair : CapturePairing.of(left, right).pairs()) {
                        PairAnalysis analysis = PairAnalysis.of(pair.left(), pair.right(), Tolerance.EXACT);
                        DiffJson.of(analysis.diff(), paths);
                        TextReport.diff(analysis, paths);
                        work++;
                        if (pair.left().tensorFile() == null || pair.right().tensorFile() == null) continue;
                        try (Payload l = reader.read(left.payloadOf(pair.left()).orElseThrow());
                             Payload r = reader.read(right.payloadOf(pair.right()).orElseThrow())) {
                            TensorsResult tensors = new TensorComparison().compare(l, r);
                            TensorsJson.toJson(tensors, "l", "r");
                            TextReport.tensors(tensors, "l", "r");
                            work++;
                        }
                    }
                }
            }
        }
        return work;
    }

    private static int readPayload(PayloadReader reader, Path file) throws IOException {
        // msprobe's tensor mode saves one bare tensor per file (docs/msprobe.md); probe payloads are dicts.
        boolean bare = file.getParent() != null && file.getParent().getFileName().toString().equals("dump_tensor_data");
        try (Payload p = bare ? reader.readTensor(file, file.getFileName().toString()) : reader.read(file)) {
            PayloadJson.payload(p, file.toString());
            PayloadJson.list(p, file.toString());
            for (PayloadEntry e : p.entries()) if (e.isTensor()) StatisticsRecompute.recompute(e.tensor());
            new TensorComparison().compare(p, p);
            return 1;
        } catch (PayloadFormatException e) {
            throw new AssertionError("every real payload reads: " + e.getMessage(), e);
        }
    }

    /** Path to {size, mtime, sha256} for files and {mtime, listing} for directories. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.toList()) {
                String key = root.relativize(p).toString();
                String mtime = Files.getLastModifiedTime(p).toString();
                if (Files.isDirectory(p)) {
                    try (Stream<Path> list = Files.list(p)) {
                        out.put(key, "dir " + mtime + " " + list.map(c -> c.getFileName().toString()).sorted().toList());
                    }
                } else {
                    out.put(key, Files.size(p) + " " + mtime + " " + sha256(p));
                }
            }
        }
        return out;
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) sha.update(buffer, 0, n);
            return HexFormat.of().formatHex(sha.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** chmod -R a-w, or back to u+w; directories last on the way down so the walk can still list them. */
    private static void setWritable(Path root, boolean writable) throws IOException {
        List<Path> all;
        try (Stream<Path> walk = Files.walk(root)) {
            all = new ArrayList<>(walk.toList());
        }
        if (!writable) java.util.Collections.reverse(all);
        for (Path p : all) {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
            if (writable) {
                perms.add(PosixFilePermission.OWNER_WRITE);
            } else {
                perms.removeAll(Set.of(PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_WRITE,
                        PosixFilePermission.OTHERS_WRITE));
            }
            Files.setPosixFilePermissions(p, perms);
        }
    }
}
