package dev.tdw.model.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Locates the real probe captures copied into the repository ({@code testdata/captures}); read-only. */
public final class TestCaptures {
    private TestCaptures() {}

    public static Path root() {
        String prop = System.getProperty("tdw.testdata");
        if (prop != null && Files.isDirectory(Path.of(prop, "captures"))) return Path.of(prop, "captures");
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path c = p.resolve("testdata/captures");
            if (Files.isDirectory(c)) return c;
        }
        throw new IllegalStateException("testdata/captures not found; set -Dtdw.testdata");
    }

    public static Path scenario(String name) { return root().resolve(name); }

    public static JsonNode readJson(Path file) {
        try {
            return Json.mapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    /** One line of expected-index.json: the reference's argv, output file and exit code. */
    public record Expected(String scenario, String file, List<String> argv, int exitCode) {
        public Path scenarioDir() { return TestCaptures.scenario(scenario); }
        public Path expectedFile() { return scenarioDir().resolve(file); }
        public String command() { return argv.get(0); }
        /** A diff of capture sets (section 7): every pair of two roots, or repeated runs, rather than one manifest pair. */
        public boolean comparesSets() {
            if (!command().equals("diff")) return false;
            int left = argv.indexOf("--left");
            return argv.contains("--all") || argv.lastIndexOf("--left") != left || argv.lastIndexOf("--right") != argv.indexOf("--right")
                    || !argv.get(left + 1).endsWith(".json");
        }
        @Override public String toString() { return scenario + "/" + file; }
    }

    public static List<Expected> index() {
        List<Expected> out = new ArrayList<>();
        for (JsonNode e : readJson(root().resolve("expected-index.json"))) {
            List<String> argv = new ArrayList<>();
            e.get("argv").forEach(a -> argv.add(a.asText()));
            out.add(new Expected(e.get("scenario").asText(), e.get("file").asText(), argv, e.get("exit_code").asInt()));
        }
        return out;
    }

    public static List<Expected> index(String command) {
        return index().stream().filter(e -> e.command().equals(command)).toList();
    }
}
