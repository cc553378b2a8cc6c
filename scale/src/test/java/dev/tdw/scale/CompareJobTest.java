package dev.tdw.scale;

import dev.tdw.app.cli.TdwCommand;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.Tensor;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job in Spark's local mode (real Spark: two task threads, a task tried at most twice) against the command line on
 * the same captures: the same bytes.
 */
class CompareJobTest {
    private static final Path CAPTURES = Path.of(System.getProperty("tdw.testdata", "../testdata")).resolve("captures");
    private static JavaSparkContext spark;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startSpark() {
        spark = new JavaSparkContext(new SparkConf().setMaster("local[2,2]").setAppName("CompareJobTest")
                .set("spark.ui.enabled", "false").set("spark.driver.host", "127.0.0.1")
                .set("spark.hadoop.fs." + OtherSchemeFileSystem.SCHEME + ".impl", OtherSchemeFileSystem.class.getName()));
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    @ParameterizedTest(name = "diff --all {0}: {1} vs {2}")
    @CsvSource({
            "tp4-origin, baseline, candidate",
            "layer-bug, baseline, candidate",
            "chunked-prefill, baseline, candidate",
            "overflow, baseline, candidate",
            "msprobe/s5_tp2_stat_mix, baseline, candidate_gate_rank1",
            "msprobe/s5_tp2_stat_mix, baseline, repeat_noise",
            "msprobe/s1_single_stat_mix_fp32, baseline, candidate_rope",
            "msprobe/s8_single_md5_L1, baseline, candidate_gate",
    })
    void allPairsAsTheCommandLineWritesThem(String set, String left, String right) throws IOException {
        Path l = real(CAPTURES.resolve(set).resolve(left)), r = real(CAPTURES.resolve(set).resolve(right));
        byte[] cli = cli("diff", "--left", l.toString(), "--right", r.toString(), "--all");
        byte[] job = job("--left", l.toString(), "--right", r.toString(), "--all");
        assertTrue(new String(job, StandardCharsets.UTF_8).contains("\"mode\" : \"all\""));
        assertArrayEquals(cli, job, () -> "differs from the command line:\n" + new String(job, StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "tensors {0}: {1} vs {2}")
    @CsvSource({
            "identical, run1, run2",
            "layer-bug, baseline, candidate",
            "chunked-prefill, baseline, candidate",
            "overflow, baseline, candidate",
    })
    void tensorsAsTheCommandLineWritesThem(String set, String left, String right) throws IOException {
        Path l = real(CAPTURES.resolve(set).resolve(left)), r = real(CAPTURES.resolve(set).resolve(right));
        byte[] cli = cli("tensors", "--left", l.toString(), "--right", r.toString());
        byte[] job = job("--left", l.toString(), "--right", r.toString(), "--tensors");
        assertTrue(new String(job, StandardCharsets.UTF_8).contains("\"command\" : \"tensors\""));
        assertArrayEquals(cli, job, () -> "differs from the command line:\n" + new String(job, StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "diff --left-runs --right-runs {0}: {1} vs {2} {3}")
    @CsvSource({
            "intermittent, baseline, candidate, ''",
            "intermittent, candidate, baseline, --noise-factor=3",
            "intermittent, baseline, baseline, ''",
    })
    void repeatedRunsAsTheCommandLineJudgesThem(String set, String left, String right, String extra) throws IOException {
        Path l = real(CAPTURES.resolve(set).resolve(left)), r = real(CAPTURES.resolve(set).resolve(right));
        List<String> more = extra.isEmpty() ? List.of() : List.of(extra.split("=", 2));
        List<String> cli = new ArrayList<>(List.of("diff", "--left-runs", l.toString(), "--right-runs", r.toString()));
        cli.addAll(more);
        String expected = new String(cli(cli.toArray(String[]::new)), StandardCharsets.UTF_8);
        List<String> job = new ArrayList<>(List.of("--left-runs", l.toString(), "--right-runs", r.toString()));
        job.addAll(more);
        assertEquals(expected, new String(job(job.toArray(String[]::new)), StandardCharsets.UTF_8));
        // The same runs through Hadoop's client, named as given.
        job.set(1, OTHER + l);
        job.set(3, OTHER + r);
        assertEquals(expected, new String(job(job.toArray(String[]::new)), StandardCharsets.UTF_8).replace(OTHER, ""));
        assertTrue(expected.contains("\"mode\" : \"runs\""), expected);
    }

    @Test
    void aUriNamesThePathsAsGiven() throws IOException {
        Path l = real(CAPTURES.resolve("tp4-origin/baseline")), r = real(CAPTURES.resolve("tp4-origin/candidate"));
        String json = new String(job("--left", "file://" + l, "--right", "file://" + r, "--all"), StandardCharsets.UTF_8);
        assertTrue(json.contains("\"left\" : \"file://" + l + "/cmpl-tp-rank0.json\""), json);
        // The same comparison as the plain path's, only named as given.
        String plain = new String(job("--left", l.toString(), "--right", r.toString(), "--all"), StandardCharsets.UTF_8);
        assertEquals(plain, json.replace("file://", ""), json);
    }

    @ParameterizedTest(name = "{0} {1}: {2} vs {3} through Hadoop's client")
    @CsvSource({
            "--all, tp4-origin, baseline, candidate",
            "--all, msprobe/s5_tp2_stat_mix, baseline, candidate_gate_rank1",
            "--tensors, layer-bug, baseline, candidate",
            "--tensors, chunked-prefill, baseline, candidate",
    })
    void capturesOnAnotherHadoopFileSystemAsTheCommandLineReadsThemHere(String mode, String set, String left, String right) throws IOException {
        Path l = real(CAPTURES.resolve(set).resolve(left)), r = real(CAPTURES.resolve(set).resolve(right));
        byte[] cli = mode.equals("--all") ? cli("diff", "--left", l.toString(), "--right", r.toString(), "--all")
                : cli("tensors", "--left", l.toString(), "--right", r.toString());
        long before = bytesReadThroughHadoop();
        String json = new String(job("--left", OTHER + l, "--right", OTHER + r, mode), StandardCharsets.UTF_8);
        assertTrue(json.contains(OTHER + l + "/"), json);
        assertTrue(bytesReadThroughHadoop() > before, "read through Hadoop's client");
        assertEquals(new String(cli, StandardCharsets.UTF_8), json.replace(OTHER, ""));
    }

    @Test
    void aPayloadOnAnotherHadoopFileSystemIsReadByTheRangesCompared() throws IOException {
        // A big tensor of 5 Mi float32 elements (20 MiB per side: two of the ranges payloads are read by) and a small one.
        Path l = payloadCapture(tmp.resolve("left"), 0), r = payloadCapture(tmp.resolve("right"), 1);
        long payloads = Files.size(l.resolve(PAYLOAD)) + Files.size(r.resolve(PAYLOAD));
        // The big one beyond --max-elements: only the small one and the zip's directory are read.
        long before = bytesReadThroughHadoop();
        String skipped = new String(job("--left", OTHER + l, "--right", OTHER + r, "--tensors", "--max-elements", "4096"), StandardCharsets.UTF_8);
        long read = bytesReadThroughHadoop() - before;
        assertTrue(read > 0 && read < payloads / 50, read + " bytes read of " + payloads);
        assertEquals(new String(cli("tensors", "--left", l.toString(), "--right", r.toString(), "--max-elements", "4096"), StandardCharsets.UTF_8),
                skipped.replace(OTHER, ""));
        // Compared: both read whole, across the ranges' boundary, into the command line's result to the byte.
        before = bytesReadThroughHadoop();
        String compared = new String(job("--left", OTHER + l, "--right", OTHER + r, "--tensors", "--max-elements", BIG + ""), StandardCharsets.UTF_8);
        assertTrue(bytesReadThroughHadoop() - before >= 2L * BIG * 4, "the big tensors read");
        assertTrue(compared.contains("\"mismatch_count\" : 2,"), compared);
        assertEquals(new String(cli("tensors", "--left", l.toString(), "--right", r.toString(), "--max-elements", BIG + ""), StandardCharsets.UTF_8),
                compared.replace(OTHER, ""));
    }

    @Test
    void aBigTensorPairIsComparedInPartsIntoTheCommandLinesResultAPartThatFailsTriedAgain() throws IOException {
        // Two waves of the scan and a bit (bfloat16, 34 MiB per side), in parts of one wave: three tasks, one per part;
        // the first part's first attempt fails.
        int n = (int) (2 * TensorComparison.WAVE_ELEMENTS + (1 << 16));
        Path l = payloadCapture(tmp.resolve("left"), 0, n, DType.BFLOAT16), r = payloadCapture(tmp.resolve("right"), 1, n, DType.BFLOAT16);
        Path out = tmp.resolve("result.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CompareJob failingOnce = new CompareJob(spark, TensorsTask::new, (o, left, right) -> new FailingAttempts<>(new PartTask(o, left, right), 1));
        int exit = failingOnce.execute(new String[] {"--left", l.toString(), "--right", r.toString(), "--tensors", "--max-elements", n + "",
                "--part-elements", TensorComparison.WAVE_ELEMENTS + "", "--out", out.toString()}, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareJob.RAN, exit, err.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("tdw-scale: 1 tensor pairs of more than 16777216 elements, in 3 parts"),
                err.toString(StandardCharsets.UTF_8));
        String job = Files.readString(out);
        assertTrue(job.contains("\"mismatch_count\" : 2,"), job);
        assertEquals(new String(cli("tensors", "--left", l.toString(), "--right", r.toString(), "--max-elements", n + ""), StandardCharsets.UTF_8), job);
    }

    /** Where {@link OtherSchemeFileSystem} starts an absolute path of this machine. */
    private static final String OTHER = OtherSchemeFileSystem.SCHEME + "://";
    private static final String PAYLOAD = "cmpl-layer-bug-rank0.pt";
    private static final int BIG = 5 << 20;

    /**
     * The layer-bug baseline's manifest with a payload of a big and a small tensor, {@code side} 1 a little off (once in
     * the big one's first thousand elements, once in its last).
     */
    private static Path payloadCapture(Path dir, int side, int big, DType type) throws IOException {
        Files.createDirectories(dir);
        Path manifest = CAPTURES.resolve("layer-bug/baseline/cmpl-layer-bug-rank0.json");
        Files.copy(manifest, dir.resolve(manifest.getFileName()));
        new PayloadWriter("ascend-tensor-dump/1", "cmpl-layer-bug", 0, Map.of())
                .tensor("big", tensor(big, side, type))
                .tensor("small", tensor(1024, side, DType.FLOAT32))
                .write(dir.resolve(PAYLOAD));
        return dir.toRealPath();
    }

    private static Path payloadCapture(Path dir, int side) throws IOException {
        return payloadCapture(dir, side, BIG, DType.FLOAT32);
    }

    /** Float32, or bfloat16 (the float's upper half). */
    private static Tensor tensor(int n, int side, DType type) {
        int size = type == DType.FLOAT32 ? 4 : 2;
        ByteBuffer b = ByteBuffer.allocate(n * size).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            float v = (i % 1000) / 100f + (side == 1 && (i == n - 7 || i == 500) ? 1 : 0);
            if (size == 4) b.putFloat(i * 4, v);
            else b.putShort(i * 2, (short) (Float.floatToIntBits(v) >>> 16));
        }
        return new Tensor(new Storage("0", type, n, b), 0, new long[] {n}, new long[] {1});
    }

    /** Bytes Hadoop's client read from {@link OtherSchemeFileSystem} in this process so far. */
    private static long bytesReadThroughHadoop() {
        return FileSystem.getAllStatistics().stream().filter(st -> st.getScheme().equals(OtherSchemeFileSystem.SCHEME))
                .mapToLong(FileSystem.Statistics::getBytesRead).sum();
    }

    /** {@code through}: the prefix of the roots' URIs, "" for plain paths or {@link #OTHER} for Hadoop's client. */
    @ParameterizedTest(name = "through \"{0}\"")
    @ValueSource(strings = {"", OTHER})
    void aPairThatCannotBeReadIsListedAsTheCommandLineListsIt(String through) throws IOException {
        Path l = copy(CAPTURES.resolve("chunked-prefill/baseline"), tmp.resolve("left"));
        Path r = real(CAPTURES.resolve("chunked-prefill/candidate"));
        Path cut;
        try (Stream<Path> files = Files.walk(l)) {
            cut = files.filter(f -> f.toString().endsWith(".pt")).sorted().findFirst().orElseThrow();
        }
        Files.write(cut, new byte[] {'P', 'K', 3, 4}); // no longer a zip: this pair cannot be read
        byte[] cli = cli("tensors", "--left", l.toString(), "--right", r.toString());
        byte[] job = job("--left", through + l, "--right", through + r, "--tensors");
        String json = new String(job, StandardCharsets.UTF_8);
        assertTrue(json.indexOf("\"problems\"") > 0 && json.substring(json.indexOf("\"problems\"")).contains(through + cut), json);
        assertEquals(new String(cli, StandardCharsets.UTF_8), through.isEmpty() ? json : json.replace(through, ""));
    }

    @Test
    void aTaskThatFailsIsTriedAgain() throws IOException {
        Path l = real(CAPTURES.resolve("chunked-prefill/baseline")), r = real(CAPTURES.resolve("chunked-prefill/candidate"));
        byte[] cli = cli("tensors", "--left", l.toString(), "--right", r.toString());
        Path out = tmp.resolve("result.json");
        CompareJob failingOnce = new CompareJob(spark, (o, left, right) -> new FailingAttempts<>(new TensorsTask(o, left, right), 1), PartTask::new);
        int exit = failingOnce.execute(new String[] {"--left", l.toString(), "--right", r.toString(), "--tensors", "--out", out.toString()}, System.err);
        assertEquals(CompareJob.RAN, exit);
        assertArrayEquals(cli, Files.readAllBytes(out));
    }

    @Test
    void aJobThatFailsLeavesNoResult() throws IOException {
        Path l = real(CAPTURES.resolve("chunked-prefill/baseline")), r = real(CAPTURES.resolve("chunked-prefill/candidate"));
        Path out = tmp.resolve("result.json");
        // Every attempt fails: Spark gives up after its two, and the job with it.
        CompareJob failing = new CompareJob(spark, (o, left, right) -> new FailingAttempts<>(new TensorsTask(o, left, right), 2), PartTask::new);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = failing.execute(new String[] {"--left", l.toString(), "--right", r.toString(), "--tensors", "--out", out.toString()},
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareJob.INTERNAL, exit, err.toString(StandardCharsets.UTF_8));
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList(), "nothing left beside the result");
        }
    }

    @Test
    void anExistingResultIsNotReplaced() throws IOException {
        Path l = real(CAPTURES.resolve("tp4-origin/baseline")), r = real(CAPTURES.resolve("tp4-origin/candidate"));
        Path out = tmp.resolve("result.json");
        Files.writeString(out, "earlier");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = CompareJob.run(spark, new String[] {"--left", l.toString(), "--right", r.toString(), "--all", "--out", out.toString()},
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareJob.OUTPUT_FAILED, exit);
        assertEquals("earlier", Files.readString(out));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains(out + ": exists already"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFileSystemWhoseClientIsMissingIsUnusableInputNamingIt() throws IOException {
        Path out = tmp.resolve("result.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = CompareJob.run(spark, new String[] {"--left", "s3a://bucket/captures/a", "--right", "s3a://bucket/captures/b",
                "--all", "--out", out.toString()}, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareJob.UNUSABLE, exit, err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(out));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("s3a://bucket/captures/a: no Hadoop client for s3a: on the classpath"),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void unusableInputWritesNothing() throws IOException {
        Path out = tmp.resolve("result.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path missing = tmp.resolve("no-such-capture");
        int exit = CompareJob.run(spark, new String[] {"--left", missing.toString(), "--right", missing.toString(), "--all", "--out", out.toString()},
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareJob.UNUSABLE, exit);
        assertFalse(Files.exists(out));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains(missing.toString()), err.toString(StandardCharsets.UTF_8));
    }

    /** A task whose first {@code failures} attempts of the first partition fail (Spark numbers attempts from 0). */
    private record FailingAttempts<T, R>(Function<T, R> task, int failures) implements Function<T, R> {
        @Override
        public R call(T pair) throws Exception {
            if (TaskContext.get().partitionId() == 0 && TaskContext.get().attemptNumber() < failures) {
                throw new UncheckedIOException(new IOException("the executor lost its disk (attempt " + TaskContext.get().attemptNumber() + ")"));
            }
            return task.call(pair);
        }
    }

    private byte[] cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = TdwCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, exit, () -> "tdw " + String.join(" ", args) + ": " + err.toString(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private byte[] job(String... args) throws IOException {
        Path out = Files.createTempDirectory(tmp, "job").resolve("result.json");
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--out");
        all.add(out.toString());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = CompareJob.run(spark, all.toArray(String[]::new), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareJob.RAN, exit, () -> err.toString(StandardCharsets.UTF_8));
        try (Stream<Path> beside = Files.list(out.getParent())) {
            assertEquals(List.of(out), beside.toList(), "the result alone, no partial or checksum file beside it");
        }
        return Files.readAllBytes(out);
    }

    private static Path real(Path p) throws IOException {
        return p.toRealPath();
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(target);
                else Files.copy(f, target);
            }
        }
        return to.toRealPath();
    }
}
