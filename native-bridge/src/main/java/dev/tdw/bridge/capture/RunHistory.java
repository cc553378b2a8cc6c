package dev.tdw.bridge.capture;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.report.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembered capture runs, newest first, in one JSON file ({@code runs.json} in the user's config directory).
 * Writes go to a temporary file that replaces the old one, so a crash never leaves half a history.
 */
public final class RunHistory {
    /** Overrides the config directory (tests, portable installs); the workbench's other stores read it too. */
    public static final String CONFIG_DIR_PROPERTY = "tdw.config.dir";
    public static final int LIMIT = 50;
    private static final int VERSION = 1;

    private final Path file;

    public RunHistory(Path file) {
        this.file = file;
    }

    /** {@code runs.json} under -Dtdw.config.dir, else $XDG_CONFIG_HOME/tdw, else ~/.config/tdw. */
    public static RunHistory inUserConfig() {
        String override = System.getProperty(CONFIG_DIR_PROPERTY);
        Path dir;
        if (override != null && !override.isBlank()) dir = Path.of(override);
        else if (System.getenv("XDG_CONFIG_HOME") != null && !System.getenv("XDG_CONFIG_HOME").isBlank()) dir = Path.of(System.getenv("XDG_CONFIG_HOME"), "tdw");
        else dir = Path.of(System.getProperty("user.home"), ".config", "tdw");
        return new RunHistory(dir.resolve("runs.json"));
    }

    public Path file() { return file; }

    /**
     * Newest first; empty when there is no file yet. Entries this version cannot read are skipped.
     *
     * @throws JsonProcessingException when the file is not JSON at all
     */
    public synchronized List<RememberedRun> load() throws IOException {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        JsonNode root = Json.mapper().readTree(text);
        List<RememberedRun> runs = new ArrayList<>();
        for (JsonNode n : root.path("runs")) {
            try {
                runs.add(fromJson(n));
            } catch (RuntimeException e) {
                // an entry edited by hand or written by a later version: keep the others usable
            }
        }
        return runs;
    }

    /** Adds a run, or replaces the record of the same run (e.g. now with its exit code); keeps the newest {@link #LIMIT}. */
    public synchronized List<RememberedRun> remember(RememberedRun run) throws IOException {
        List<RememberedRun> runs;
        try {
            runs = new ArrayList<>(load());
        } catch (JsonProcessingException e) {
            // Never lose what is there: set the unreadable file aside and start a new history.
            Files.move(file, file.resolveSibling(file.getFileName() + ".unreadable"), StandardCopyOption.REPLACE_EXISTING);
            runs = new ArrayList<>();
        }
        runs.removeIf(run::sameRun);
        runs.add(0, run);
        if (runs.size() > LIMIT) runs = new ArrayList<>(runs.subList(0, LIMIT));
        write(runs);
        return List.copyOf(runs);
    }

    private void write(List<RememberedRun> runs) throws IOException {
        ObjectNode root = Json.object();
        root.put("version", VERSION);
        ArrayNode a = root.putArray("runs");
        runs.forEach(r -> a.add(toJson(r)));
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "runs", ".json.tmp");
        try {
            Files.writeString(tmp, Json.write(root));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    static ObjectNode toJson(RememberedRun r) {
        ObjectNode o = Json.object();
        o.put("started_at", r.startedAt().toString());
        o.put("capture_root", r.captureRoot().toString());
        o.put("run_name", r.runName());
        if (r.exitCode() != null) o.put("exit_code", r.exitCode());
        CaptureSpec s = r.spec();
        o.put("working_directory", s.workingDirectory().toString());
        o.put("command", s.command());
        ObjectNode env = o.putObject("extra_environment");
        s.extraEnvironment().forEach(env::put);
        ProbeSettings p = s.probe();
        ObjectNode probe = o.putObject("probe");
        probe.put("dir", p.directory().toString());
        probe.put("ranks", p.ranks());
        probe.put("match", p.match());
        probe.put("occurrence", p.occurrence());
        probe.put("summary", p.summary());
        probe.put("tensor", p.tensor());
        probe.put("rows", p.rows());
        if (p.enableFile() != null) probe.put("enable_file", p.enableFile().toString());
        return o;
    }

    static RememberedRun fromJson(JsonNode o) {
        JsonNode p = o.get("probe");
        ProbeSettings probe = new ProbeSettings(Path.of(text(p, "dir")), text(p, "ranks"), text(p, "match"), text(p, "occurrence"),
                text(p, "summary"), text(p, "tensor"), text(p, "rows"), p.hasNonNull("enable_file") ? Path.of(text(p, "enable_file")) : null);
        Map<String, String> env = new LinkedHashMap<>();
        o.path("extra_environment").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
        CaptureSpec spec = new CaptureSpec(Path.of(text(o, "working_directory")), text(o, "command"), env, probe);
        Instant started;
        try {
            started = Instant.parse(text(o, "started_at"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("started_at: " + e.getMessage(), e);
        }
        Integer exit = o.hasNonNull("exit_code") ? o.get("exit_code").asInt() : null;
        return new RememberedRun(started, spec, Path.of(text(o, "capture_root")), o.path("run_name").asText(""), exit);
    }

    private static String text(JsonNode o, String field) {
        JsonNode n = o == null ? null : o.get(field);
        if (n == null || !n.isTextual()) throw new IllegalArgumentException("missing " + field);
        return n.asText();
    }
}
