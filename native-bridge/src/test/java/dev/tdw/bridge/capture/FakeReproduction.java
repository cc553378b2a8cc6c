package dev.tdw.bridge.capture;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The test reproduction script (fake_reproduction.py) and a real manifest for it to relabel. */
final class FakeReproduction {
    private FakeReproduction() {}

    static Path script() {
        try {
            return Path.of(FakeReproduction.class.getResource("fake_reproduction.py").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The command line that runs the script. */
    static String command() {
        return "python3 " + script();
    }

    /** A real probe manifest with a payload beside it: identical/run1/cmpl-same-rank0.json. */
    static Path template() {
        String prop = System.getProperty("tdw.testdata");
        if (prop != null && Files.isDirectory(Path.of(prop, "captures"))) return Path.of(prop, "captures/identical/run1/cmpl-same-rank0.json");
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path c = p.resolve("testdata/captures/identical/run1/cmpl-same-rank0.json");
            if (Files.isRegularFile(c)) return c;
        }
        throw new IllegalStateException("testdata/captures not found; set -Dtdw.testdata");
    }

    /** Extra environment for the script: the template plus the given FAKE_* settings. */
    static Map<String, String> environment(String... nameValues) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("FAKE_TEMPLATE", template().toString());
        for (int i = 0; i < nameValues.length; i += 2) env.put(nameValues[i], nameValues[i + 1]);
        return env;
    }
}
