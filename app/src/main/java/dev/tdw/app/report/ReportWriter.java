package dev.tdw.app.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.report.Json;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code name.html}, {@code name.json} and {@code name-chart.png} beside each other, as one set: none is renamed
 * into place before all are written ({@link AtomicFiles#writeAll}), the page last, so a failed write (a full disk, out of
 * memory while the page is made) leaves no JSON or chart without its page.
 */
public final class ReportWriter {
    /** @param png null for a page without a chart (the capture-set pages) */
    public record Written(Path html, Path json, Path png) {}

    private ReportWriter() {}

    /** @param htmlFile where the page goes; the JSON and PNG take its name without {@code .html} */
    public static Written write(Path htmlFile, PairAnalysis a, ReportContext ctx) throws IOException {
        String base = base(htmlFile);
        // The one output rule: never into a capture (a folder holding probe manifests), each file whole or not at all.
        Path dir = OutputFolderPolicy.prepare(htmlFile.toAbsolutePath().getParent(), List.of());
        Path json = dir.resolve(base + ".json");
        Path png = dir.resolve(base + "-chart.png");
        BufferedImage chart = ReportChart.draw(a, ctx.statistic());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (!ImageIO.write(chart, "png", bytes)) throw new IOException("no PNG writer available");
        Path html = dir.resolve(base + ".html");
        Map<Path, AtomicFiles.Content> set = new LinkedHashMap<>();
        set.put(png, AtomicFiles.bytes(bytes.toByteArray()));
        // Absolute paths: the report is read on another machine, where they still say where the captures were.
        set.put(json, channel -> AtomicFiles.text(Json.write(WorkbenchReport.json(a, ctx, p -> p.toAbsolutePath().toString())) + "\n").write(channel));
        set.put(html, channel -> AtomicFiles.text(WorkbenchReport.html(a, ctx, Base64.getEncoder().encodeToString(bytes.toByteArray()))).write(channel));
        AtomicFiles.writeAll(set);
        return new Written(html, json, png);
    }

    /** A capture-set page and its JSON ({@code name.json}, the command's own output) beside it, by the same output rule. */
    public static Written writePage(Path htmlFile, String page, ObjectNode json) throws IOException {
        String base = base(htmlFile);
        Path dir = OutputFolderPolicy.prepare(htmlFile.toAbsolutePath().getParent(), List.of());
        Path jsonFile = dir.resolve(base + ".json");
        Path html = dir.resolve(base + ".html");
        Map<Path, AtomicFiles.Content> set = new LinkedHashMap<>();
        set.put(jsonFile, channel -> AtomicFiles.text(Json.write(json) + "\n").write(channel));
        set.put(html, AtomicFiles.text(page));
        AtomicFiles.writeAll(set);
        return new Written(html, jsonFile, null);
    }

    private static String base(Path htmlFile) { return htmlFile.getFileName().toString().replaceFirst("(?i)\\.html?$", ""); }
}
