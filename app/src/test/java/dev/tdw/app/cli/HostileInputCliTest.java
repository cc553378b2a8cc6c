package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.SpecialFiles;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command line under hostile and accidental input: no hang, one exit code per kind of failure (2 input, 3
 * internal, 4 output), every failure the same JSON object, untrusted text escaped, UTF-8 whatever the locale.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HostileInputCliTest {
    @TempDir Path tmp;

    private static final Path OVERFLOW = TestCaptures.scenario("overflow").resolve("candidate");

    @Test
    void aFifoAsManifestOrPayloadIsRefusedWithoutBlocking() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp.resolve("x-rank0.json"));
        CliBehaviourTest.Run r = tdw("scan", "--manifest", fifo.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("failed", r.json().get("status").asText());
        assertEquals(fifo + ": not a regular file (a FIFO, socket or device)", r.json().get("error").asText());
        r = tdw("diff", "--left", fifo.toString(), "--right", fifo.toString());
        assertEquals(2, r.exit(), r.err());
        Path pt = SpecialFiles.fifo(tmp.resolve("x.pt"));
        r = tdw("tensors", "--left", pt.toString(), "--right", pt.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("not a regular file (a FIFO, socket or device) in " + pt, r.json().get("error").asText());
    }

    @Test
    void oneBadPayloadInADirectoryIsListedAndTheRestIsStillChecked() throws Exception {
        Path left = copy(TestCaptures.scenario("identical").resolve("run1"), tmp.resolve("left"));
        Path right = copy(TestCaptures.scenario("identical").resolve("run2"), tmp.resolve("right"));
        Path payload;
        try (var s = Files.list(right)) {
            payload = s.filter(p -> p.toString().endsWith(".pt")).findFirst().orElseThrow();
        }
        Files.write(payload, new byte[] {1, 2, 3});
        CliBehaviourTest.Run scan = tdw("scan", "--verify-payload", left.toString(), right.toString());
        assertEquals(0, scan.exit(), scan.err());
        JsonNode json = scan.json();
        assertTrue(json.get("manifests").get(0).has("payload_check"), scan.out());
        assertTrue(json.get("problems").get(0).asText().contains(payload.toString()), scan.out());
        // tensors DIR DIR: the only pair is bad, so nothing could be compared: exit 2 naming the skipped file.
        CliBehaviourTest.Run tensors = tdw("tensors", "--left", left.toString(), "--right", right.toString());
        assertEquals(2, tensors.exit(), tensors.err());
        assertTrue(tensors.err().contains(payload.toString()), tensors.err());
    }

    @Test
    void controlAndBidiCharactersAreEscapedInTextAndJson() throws Exception {
        String stage = "evil\u001b[2J\u009b1m\u202ename\u2028";
        Path dir = Files.createDirectories(tmp.resolve("cap"));
        Path manifest = dir.resolve("x-rank0.json");
        Files.writeString(manifest, "{\"label\": \"x\", \"rank\": 0, \"records\": [{\"stage\": \""
                + stage.replace("\u001b", "\\u001b") + "\", \"order\": 0, \"summary\": {\"nan_count\": 1, \"inf_count\": 0,"
                + " \"max_abs\": 1, \"min\": 0, \"max\": 1, \"mean\": 0.5}}]}", StandardCharsets.UTF_8);
        CliBehaviourTest.Run text = tdw("scan", "--manifest", manifest.toString(), "--format", "text");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("evil\\u001b[2J\\u009b1m\\u202ename\\u2028"), text.out());
        assertFalse(text.out().chars().anyMatch(c -> c == 0x1b || c == 0x9b || c == 0x202e || c == 0x2028), text.out());
        CliBehaviourTest.Run json = tdw("scan", "--manifest", manifest.toString());
        assertFalse(json.out().chars().anyMatch(c -> c == 0x1b || c == 0x9b || c == 0x202e || c == 0x2028), json.out());
        // Escaped, the JSON still reads back as the very same stage name.
        assertTrue(json.out().contains("\\u009b") && json.out().contains("\\u202e") && json.out().contains("\\u2028"), json.out());
        assertEquals(stage + "#0", json.json().get("manifests").get(0).get("first_nonfinite").get("key").asText());
    }

    /**
     * A newline inside a label, a stage key or a file name cannot forge a line of the text report: each is one line with
     * the newline shown escaped (backslash u000a), in scan and diff, in the header, the findings and the verdict lines.
     */
    @Test
    void newlinesInLabelsKeysAndFileNamesAreEscapedInTextOutput() throws Exception {
        String forged = "FORGED verdict: ALIGNED";
        Path dir = Files.createDirectories(tmp.resolve("multi"));
        Path left = dir.resolve("l\n" + forged + "-rank0.json");
        Path right = dir.resolve("r-rank0.json");
        for (Path side : List.of(left, right)) {
            String nan = side == left ? "0" : "3";
            Files.writeString(side, "{\"label\": \"run\\n" + forged + "\", \"rank\": 0, \"match_index\": 1, \"occurrence\": 1, \"records\": [{\"stage\": \"layers.0.mlp\\n"
                    + forged + "\", \"order\": 0, \"summary\": {\"nan_count\": " + nan + ", \"inf_count\": 0,"
                    + " \"max_abs\": 1, \"min\": 0, \"max\": 1, \"mean\": 0.5}}]}", StandardCharsets.UTF_8);
        }
        CliBehaviourTest.Run scan = tdw("scan", "--manifest", left.toString(), "--manifest", right.toString(), "--format", "text");
        assertEquals(0, scan.exit(), scan.err());
        CliBehaviourTest.Run diff = tdw("diff", "--left", left.toString(), "--right", right.toString(), "--format", "text");
        assertEquals(0, diff.exit(), diff.err());
        for (CliBehaviourTest.Run r : List.of(scan, diff)) {
            assertTrue(r.out().lines().noneMatch(l -> l.startsWith(forged) || l.startsWith("-rank0.json")), r.out());
            assertTrue(r.out().contains("\\u000a" + forged), r.out());
        }
        assertTrue(scan.out().contains("label=run\\u000a" + forged), scan.out());
        assertTrue(diff.out().contains("first divergent: layers.0.mlp\\u000a" + forged + "#0"), diff.out());
    }

    @Test
    void usageErrorsPrintTheSameJsonFailureObject() throws Exception {
        CliBehaviourTest.Run r = tdw("diff", "--left", "a.json");
        assertEquals(2, r.exit());
        assertEquals("failed", r.json().get("status").asText());
        assertTrue(r.json().get("error").asText().contains("--right"), r.out());
        CliBehaviourTest.Run text = tdw("diff", "--left", "a.json", "--format", "text");
        assertEquals("", text.out());
    }

    /** An unexpected exception is an internal error with its own message and exit code, never "unusable input". */
    @Test
    void anUnexpectedExceptionIsAnInternalError() {
        class Boom extends CommandSupport {
            @Override
            picocli.CommandLine.Model.CommandSpec model() {
                return command("boom");
            }

            @Override
            int execute(java.io.PrintWriter out) {
                throw new IllegalStateException("a bug");
            }
        }
        java.io.StringWriter out = new java.io.StringWriter(), err = new java.io.StringWriter();
        // Named as TdwCommand names a sub-command it runs.
        CommandLine cl = new CommandLine(new Boom().model()).setCommandName("tdw boom");
        cl.setOut(new java.io.PrintWriter(out));
        cl.setErr(new java.io.PrintWriter(err));
        assertEquals(ExitCodes.INTERNAL, cl.execute());
        assertTrue(err.toString().startsWith("tdw boom: internal error, please report: java.lang.IllegalStateException: a bug at "),
                err.toString());
        assertTrue(out.toString().contains("\"status\" : \"failed\""), out.toString());
    }

    /** Issue 15 item 12: scan --verify-payload and tensors resolve a payload link by the same rule. */
    @Test
    void verifyPayloadAndTensorsResolvePayloadLinksAlike() throws Exception {
        Path inside = copy(TestCaptures.scenario("identical").resolve("run1"), tmp.resolve("inside"));
        Path outside = copy(TestCaptures.scenario("identical").resolve("run1"), tmp.resolve("outside"));
        Path other = copy(TestCaptures.scenario("identical").resolve("run2"), tmp.resolve("other"));
        for (Path cap : List.of(inside, outside)) {
            Path payload;
            try (var s = Files.list(cap)) {
                payload = s.filter(p -> p.toString().endsWith(".pt")).findFirst().orElseThrow();
            }
            Path target = cap == inside ? Files.createDirectories(cap.resolve("store")).resolve("real.pt") : tmp.resolve("elsewhere.pt");
            Files.move(payload, target);
            Files.createSymbolicLink(payload, target);
        }
        // A link to a file inside the capture is followed by both.
        CliBehaviourTest.Run scan = tdw("scan", "--verify-payload", inside.toString());
        assertEquals(0, scan.exit(), scan.err());
        assertTrue(scan.json().get("manifests").get(0).get("payload_check").get("consistent").asBoolean(), scan.out());
        assertEquals(0, tdw("tensors", "--left", inside.toString(), "--right", other.toString()).exit());
        // A link leading outside is refused by both, in the same words.
        scan = tdw("scan", "--verify-payload", outside.toString());
        CliBehaviourTest.Run tensors = tdw("tensors", "--left", outside.toString(), "--right", other.toString());
        assertEquals(2, tensors.exit(), tensors.err());
        assertTrue(scan.out().contains("links outside the capture directory; refused"), scan.out());
        assertTrue(tensors.err().contains("links outside the capture directory; refused"), tensors.err());
    }

    /** Running out of heap is a refusal of the input (exit 2, what to do), never a stack trace or exit 3. */
    @Test
    void runningOutOfHeapIsExit2WithWhatToDo() {
        class Big extends CommandSupport {
            @Override
            picocli.CommandLine.Model.CommandSpec model() {
                return command("big");
            }

            @Override
            int execute(java.io.PrintWriter out) {
                throw new OutOfMemoryError("Java heap space");
            }
        }
        java.io.StringWriter out = new java.io.StringWriter(), err = new java.io.StringWriter();
        // Named as TdwCommand names a sub-command it runs.
        CommandLine cl = new CommandLine(new Big().model()).setCommandName("tdw big");
        cl.setOut(new java.io.PrintWriter(out));
        cl.setErr(new java.io.PrintWriter(err));
        assertEquals(ExitCodes.UNUSABLE, cl.execute());
        assertTrue(err.toString().startsWith("tdw big: the input needs more memory than the Java heap has (raise it with TDW_JAVA_OPTS"),
                err.toString());
        assertFalse(err.toString().contains("OutOfMemoryError"), err.toString());
    }

    /** Numbers out of range in a manifest or its file name: a cause in words, never Java's parser or arithmetic texts. */
    @Test
    void outOfRangeNumbersAreWordedWithoutJavaInternals() throws Exception {
        String huge = "{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"x\", \"rank\": 0, \"match_index\": 1, \"occurrence\": 1,"
                + " \"records\": [{\"stage\": \"s\", \"shape\": [4611686018427387904, 4611686018427387904], \"dtype\": \"torch.float32\","
                + " \"stride\": [4611686018427387904, 1], \"storage_ptr\": 8},"
                + " {\"stage\": \"t\", \"shape\": [4611686018427387904, 4], \"dtype\": \"torch.float32\", \"stride\": [4, 1], \"storage_ptr\": 8}]}";
        Path a = Files.writeString(Files.createDirectories(tmp.resolve("a")).resolve("x-rank99999999999.json"), huge);
        Path b = Files.writeString(Files.createDirectories(tmp.resolve("b")).resolve("x-rank0.json"),
                huge.replace("\"rank\": 0", "\"rank\": 1e400").replace("\"occurrence\": 1", "\"occurrence\": 99999999999999999999"));
        List<CliBehaviourTest.Run> runs = List.of(tdw("scan", "--manifest", a.toString(), b.toString()), tdw("diff", "--left", a.toString(), "--right", b.toString()),
                tdw("diff", "--left", a.toString(), "--right", a.toString()), tdw("scan", tmp.resolve("a").toString(), tmp.resolve("b").toString()),
                tdw("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString()), tdw("scan", "--manifest", a.toString(), "--max-abs-limit", "1e999999"));
        for (CliBehaviourTest.Run r : runs) {
            String all = r.out() + r.err();
            for (String internal : List.of("For input string", "integer overflow", "Exception", "java.", "\tat ")) {
                assertFalse(all.contains(internal), internal + " in: " + all);
            }
            assertTrue(r.exit() == 0 || r.exit() == 1 || r.exit() == 2, r.exit() + ": " + all);
        }
    }

    /** A closed pipe or a full disk: the output is incomplete, so the exit code says so instead of 0. */
    @Test
    void aFailedWriteToStandardOutputIsExitCode4() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int exit = TdwCommand.run(new String[] {"scan", OVERFLOW.toString()}, new PrintStream(broken, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCodes.OUTPUT_FAILED, exit);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("cannot write the output"));
    }

    /** A folder named like a sub-command in the working directory never turns the command into "open". */
    @Test
    void aSubcommandNameWinsOverADirectoryOfTheSameName() throws Exception {
        Files.createDirectories(tmp.resolve("scan"));
        Files.createDirectories(tmp.resolve("baseline"));
        Process p = java(tmp, List.of(), "scan", "baseline");
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor(), err);
        assertTrue(err.contains("tdw scan: baseline: no readable manifest"), err);
    }

    /** Under LANG=C with an ASCII default charset the JSON is still UTF-8: two distinct keys never print the same. */
    @Test
    void outputIsUtf8WhateverTheLocale() throws Exception {
        Path manifest = tmp.resolve("u-rank0.json");
        Files.writeString(manifest, "{\"label\": \"\u00e4\u03bb\", \"records\": []}", StandardCharsets.UTF_8);
        Process p = java(tmp, List.of("-Dfile.encoding=US-ASCII", "-Dsun.stdout.encoding=US-ASCII", "-Dsun.stderr.encoding=US-ASCII"),
                "scan", "--manifest", manifest.toString());
        byte[] out = p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        assertTrue(new String(out, StandardCharsets.UTF_8).contains("\"label\" : \"\u00e4\u03bb\""), new String(out, StandardCharsets.UTF_8));
    }

    /**
     * A non-ASCII path argument under LC_ALL=C. Plain {@code java} decodes the argument by the locale's charset (ASCII),
     * so the name is lost before tdw sees it: exit 2 saying to run under a UTF-8 locale, never a Java exception. Under
     * C.UTF-8, what {@code bin/tdw} and the installed launcher switch to, the same path works and two stage keys that
     * differ only in a non-ASCII letter stay distinct in the UTF-8 JSON. The folder is made and named by the shell from
     * bytes, so this test does not depend on the locale Maven runs in (.ci/package-check runs bin/tdw itself).
     */
    @Test
    void aNonAsciiPathUnderTheCLocale() throws Exception {
        String manifest = "{\"label\": \"x\", \"rank\": 0, \"records\": [" + aliased("layers.0.\\u00e4", 1) + ", "
                + aliased("layers.0.\\u00f6", 2) + "]}";
        Process plain = underLocale("C", manifest);
        byte[] plainOut = plain.getInputStream().readAllBytes();
        String plainErr = new String(plain.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, plain.waitFor(), plainErr);
        String error = Json.mapper().readTree(plainOut).get("error").asText();
        assertTrue(error.contains("not a file name in this locale's character set") && error.contains("LC_ALL=C.UTF-8"), error);
        assertFalse(error.contains("java.") || plainErr.contains("Exception"), plainErr);

        Process utf8 = underLocale("C.UTF-8", manifest);
        byte[] out = utf8.getInputStream().readAllBytes();
        assertEquals(0, utf8.waitFor(), new String(utf8.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        JsonNode m = Json.mapper().readTree(out).get("manifests").get(0);
        assertTrue(m.get("path").asText().endsWith("/\u00fc/x-rank0.json"), m.toString());
        assertEquals(List.of("layers.0.\u00e4", "layers.0.\u00f6"),
                Json.mapper().convertValue(m.get("storage_aliases").get(0).get("stages"), List.class));
    }

    private static String aliased(String stage, int stride) {
        return "{\"stage\": \"" + stage + "\", \"order\": " + stride + ", \"shape\": [2], \"stride\": [" + stride + "], \"dtype\": \"torch.float32\","
                + " \"storage_ptr\": 4096, \"storage_offset\": 0, \"summary\": {\"nan_count\": 0, \"inf_count\": 0, \"max_abs\": 1,"
                + " \"min\": 0, \"max\": 1, \"mean\": 0.5}}";
    }

    /** {@code tdw scan --manifest TMP/\u00fc/x-rank0.json} with LANG and LC_ALL set to {@code locale}; the folder made by sh. */
    private Process underLocale(String locale, String manifestJson) throws IOException {
        String script = "d=\"$1/$(printf '\\303\\274')\"; mkdir -p \"$d\" && printf '%s' \"$2\" >\"$d/x-rank0.json\""
                + " && exec \"$3\" -cp \"$4\" dev.tdw.app.Main scan --manifest \"$d/x-rank0.json\"";
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", script, "sh", tmp.resolve(locale).toString(), manifestJson,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), System.getProperty("java.class.path"));
        pb.environment().put("LANG", locale);
        pb.environment().put("LC_ALL", locale);
        return pb.start();
    }

    private static Process java(Path workingDirectory, List<String> jvmOptions, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("dev.tdw.app.Main");
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDirectory.toFile());
        pb.environment().put("LANG", "C");
        pb.environment().put("LC_ALL", "C");
        return pb.start();
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var s = Files.list(from)) {
            for (Path f : s.toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
        return to;
    }
}
