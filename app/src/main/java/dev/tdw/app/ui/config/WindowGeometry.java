package dev.tdw.app.ui.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The main window's last position, size and split positions, in {@code window.json}. */
public record WindowGeometry(double x, double y, double width, double height, boolean maximized,
                             double tableDivider, double chartDivider) {
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final double MIN_WIDTH = 800, MIN_HEIGHT = 500;
    /** Divider positions outside these leave the table, the tabs or the chart too small to use; they are pulled back in. */
    public static final double MIN_DIVIDER = 0.3, MAX_DIVIDER = 0.8;

    public WindowGeometry {
        tableDivider = usable(tableDivider, 0.62);
        chartDivider = usable(chartDivider, 0.66);
    }

    private static double usable(double divider, double fallback) {
        if (!Double.isFinite(divider)) return fallback;
        return Math.max(MIN_DIVIDER, Math.min(MAX_DIVIDER, divider));
    }

    public static Path defaultFile() { return UserConfig.directory().resolve("window.json"); }

    public static Optional<WindowGeometry> load(Path file) {
        if (!Files.isRegularFile(file)) return Optional.empty();
        try {
            JsonNode n = JSON.readTree(file.toFile());
            WindowGeometry g = new WindowGeometry(n.path("x").asDouble(), n.path("y").asDouble(), n.path("width").asDouble(),
                    n.path("height").asDouble(), n.path("maximized").asBoolean(), n.path("table_divider").asDouble(0.62),
                    n.path("chart_divider").asDouble(0.68));
            return g.width() >= MIN_WIDTH && g.height() >= MIN_HEIGHT ? Optional.of(g) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public void save(Path file) throws IOException {
        ObjectNode o = JSON.createObjectNode();
        o.put("x", x);
        o.put("y", y);
        o.put("width", width);
        o.put("height", height);
        o.put("maximized", maximized);
        o.put("table_divider", tableDivider);
        o.put("chart_divider", chartDivider);
        Files.createDirectories(file.toAbsolutePath().getParent());
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), o);
    }
}
