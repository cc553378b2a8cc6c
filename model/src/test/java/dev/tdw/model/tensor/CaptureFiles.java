package dev.tdw.model.tensor;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The real probe captures copied into the repository ({@code testdata/captures}), located through the system property
 * {@code tdw.testdata} that surefire sets, or by walking up from the working directory. Read-only.
 */
public final class CaptureFiles {
    /** Accepts the bare NaN / Infinity tokens Python's json writes. */
    public static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private CaptureFiles() {}

    public static Path root() {
        String property = System.getProperty("tdw.testdata");
        if (property != null && Files.isDirectory(Path.of(property, "captures"))) {
            return Path.of(property, "captures");
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("testdata").resolve("captures");
            if (Files.isDirectory(candidate)) return candidate;
        }
        throw new IllegalStateException("testdata/captures not found; set -Dtdw.testdata=<repo>/testdata");
    }

    /**
     * Structural equality where numbers compare by value (Jackson's IntNode(0) differs from LongNode(0)) and object
     * fields must also come in the same order.
     */
    public static boolean sameJson(JsonNode expected, JsonNode actual) {
        if (expected.isNumber() && actual.isNumber()) {
            return expected.isIntegralNumber() == actual.isIntegralNumber()
                    && (expected.isIntegralNumber() ? expected.bigIntegerValue().equals(actual.bigIntegerValue())
                    : Double.compare(expected.doubleValue(), actual.doubleValue()) == 0);
        }
        if (expected.isObject() && actual.isObject()) {
            List<String> a = new ArrayList<>();
            List<String> b = new ArrayList<>();
            expected.fieldNames().forEachRemaining(a::add);
            actual.fieldNames().forEachRemaining(b::add);
            if (!a.equals(b)) return false;
            for (String f : a) if (!sameJson(expected.get(f), actual.get(f))) return false;
            return true;
        }
        if (expected.isArray() && actual.isArray()) {
            if (expected.size() != actual.size()) return false;
            for (int i = 0; i < expected.size(); i++) if (!sameJson(expected.get(i), actual.get(i))) return false;
            return true;
        }
        return expected.equals(actual);
    }

    /**
     * Asserts JSON equality with field names and order exact and floating-point numbers within 1e-6 relative (NaN
     * equals NaN); integral numbers must be integral on both sides. The message names the path of the difference.
     */
    public static void assertJsonClose(JsonNode expected, JsonNode actual, String path) {
        if (expected.isNumber() && actual.isNumber()) {
            if (expected.isIntegralNumber()) {
                if (!actual.isIntegralNumber() || !expected.bigIntegerValue().equals(actual.bigIntegerValue())) {
                    throw new AssertionError(path + ": expected " + expected + " but was " + actual);
                }
                return;
            }
            double e = expected.doubleValue();
            double a = actual.doubleValue();
            boolean same = Double.isNaN(e) ? Double.isNaN(a)
                    : Double.isInfinite(e) ? e == a
                    : Math.abs(e - a) <= 1e-6 * Math.abs(e) || (e == 0 && Math.abs(a) < 1e-300);
            if (!same) throw new AssertionError(path + ": expected " + e + " but was " + a);
            return;
        }
        if (expected.isObject() && actual.isObject()) {
            List<String> a = new ArrayList<>();
            List<String> b = new ArrayList<>();
            expected.fieldNames().forEachRemaining(a::add);
            actual.fieldNames().forEachRemaining(b::add);
            if (!a.equals(b)) throw new AssertionError(path + ": fields " + b + " instead of " + a);
            for (String f : a) assertJsonClose(expected.get(f), actual.get(f), path + "." + f);
            return;
        }
        if (expected.isArray() && actual.isArray()) {
            if (expected.size() != actual.size()) {
                throw new AssertionError(path + ": " + actual.size() + " items instead of " + expected.size() + ": " + actual);
            }
            for (int i = 0; i < expected.size(); i++) assertJsonClose(expected.get(i), actual.get(i), path + "[" + i + "]");
            return;
        }
        if (!expected.equals(actual)) throw new AssertionError(path + ": expected " + expected + " but was " + actual);
    }

    public static JsonNode json(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line of expected-index.json: the reference argv that produced an expected file. */
    public record Expectation(String scenario, String file, List<String> argv, int exitCode) {
        public Path scenarioDir() {
            return root().resolve(scenario);
        }

        public Path expectedFile() {
            return scenarioDir().resolve(file);
        }

        /** The value following {@code --name} in argv, or null. */
        public String option(String name) {
            int i = argv.indexOf(name);
            return i < 0 ? null : argv.get(i + 1);
        }
    }

    public static List<Expectation> expectations(String command) {
        List<Expectation> out = new ArrayList<>();
        for (JsonNode e : json(root().resolve("expected-index.json"))) {
            List<String> argv = new ArrayList<>();
            e.get("argv").forEach(a -> argv.add(a.asText()));
            if (argv.get(0).equals(command)) {
                out.add(new Expectation(e.get("scenario").asText(), e.get("file").asText(), argv, e.get("exit_code").asInt()));
            }
        }
        return out;
    }
}
