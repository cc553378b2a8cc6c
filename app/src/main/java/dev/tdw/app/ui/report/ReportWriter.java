package dev.tdw.app.ui.report;

import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.model.report.Json;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/** Writes {@code name.html}, {@code name.json} and {@code name-chart.png} beside each other. */
public final class ReportWriter {
    public record Written(Path html, Path json, Path png) {}

    private ReportWriter() {}

    /** @param htmlFile where the page goes; the JSON and PNG take its name without {@code .html} */
    public static Written write(Path htmlFile, Comparison c, ReportContext ctx, BufferedImage chart) throws IOException {
        String base = htmlFile.getFileName().toString().replaceFirst("(?i)\\.html?$", "");
        Path dir = htmlFile.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path json = dir.resolve(base + ".json");
        Path png = chart == null ? null : dir.resolve(base + "-chart.png");
        String base64 = null;
        if (chart != null) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            if (!ImageIO.write(chart, "png", bytes)) throw new IOException("no PNG writer available");
            Files.write(png, bytes.toByteArray());
            base64 = Base64.getEncoder().encodeToString(bytes.toByteArray());
        }
        // Absolute paths: the report is read on another machine, where they still say where the captures were.
        Files.writeString(json, Json.write(WorkbenchReport.json(c, ctx, p -> p.toAbsolutePath().toString())) + "\n");
        Path html = dir.resolve(base + ".html");
        Files.writeString(html, WorkbenchReport.html(c, ctx, base64));
        return new Written(html, json, png);
    }
}
