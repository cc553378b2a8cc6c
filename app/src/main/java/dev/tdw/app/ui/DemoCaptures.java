package dev.tdw.app.ui;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The bundled demo pair (the layer-bug captures: RoPE offset by one from layer 3), copied out of
 * the jar into a temporary directory that is only read and is deleted on exit.
 */
public final class DemoCaptures {
    private static final String BASE = "/dev/tdw/app/demo/";
    private static final String SCENARIO = "layer-bug";

    private DemoCaptures() {}

    public record Pair(Path baseline, Path candidate) {}

    public static Pair extract() throws IOException {
        Path root = Files.createTempDirectory("tdw-demo-");
        List<Path> created = new ArrayList<>(List.of(root));
        for (String name : index()) {
            // Under the scenario's name, so the sides read "layer-bug/baseline" in the window.
            Path target = root.resolve(SCENARIO).resolve(name).normalize();
            if (!target.startsWith(root)) throw new IOException("demo index names a path outside the demo: " + name);
            for (Path dir : List.of(root.resolve(SCENARIO), target.getParent())) {
                if (!created.contains(dir)) {
                    Files.createDirectories(dir);
                    created.add(dir);
                }
            }
            try (InputStream in = DemoCaptures.class.getResourceAsStream(BASE + name)) {
                if (in == null) throw new IOException("demo file missing from the application: " + name);
                Files.copy(in, target);
            }
            created.add(target);
            target.toFile().setReadOnly();
        }
        // deleteOnExit runs in reverse order of registration: files before their directories.
        for (Path p : created) p.toFile().deleteOnExit();
        return new Pair(root.resolve(SCENARIO).resolve("baseline"), root.resolve(SCENARIO).resolve("candidate"));
    }

    private static List<String> index() throws IOException {
        try (InputStream in = DemoCaptures.class.getResourceAsStream(BASE + "files.txt")) {
            if (in == null) throw new IOException("demo index missing from the application");
            List<String> out = new ArrayList<>();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) if (!line.isBlank()) out.add(line.trim());
            }
            return out;
        }
    }
}
