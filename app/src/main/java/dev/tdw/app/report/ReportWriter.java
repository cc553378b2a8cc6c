package dev.tdw.app.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.report.Json;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
        byte[] chartPng = bytes.toByteArray();
        Path html = dir.resolve(base + ".html");
        Map<Path, AtomicFiles.Content> set = new LinkedHashMap<>();
        set.put(png, AtomicFiles.bytes(chartPng));
        // Absolute paths: the report is read on another machine, where they still say where the captures were.
        set.put(json, text(out -> json(WorkbenchReport.json(a, ctx, p -> p.toAbsolutePath().toString()), out)));
        ReportHeatmap.Picture heatmap = ReportHeatmap.of(a).orElse(null);
        set.put(html, text(out -> WorkbenchReport.html(a, ctx, chartPng, heatmap, out)));
        AtomicFiles.writeAll(set);
        return new Written(html, json, png);
    }

    /** Renders a page (or any text) into a writer, piece by piece. */
    @FunctionalInterface
    public interface Render {
        void to(Writer out) throws IOException;
    }

    /** A capture-set page and its JSON ({@code name.json}, the command's own output) beside it, by the same output rule. */
    public static Written writePage(Path htmlFile, Render page, ObjectNode json) throws IOException {
        String base = base(htmlFile);
        Path dir = OutputFolderPolicy.prepare(htmlFile.toAbsolutePath().getParent(), List.of());
        Path jsonFile = dir.resolve(base + ".json");
        Path html = dir.resolve(base + ".html");
        Map<Path, AtomicFiles.Content> set = new LinkedHashMap<>();
        set.put(jsonFile, text(out -> json(json, out)));
        set.put(html, text(page));
        AtomicFiles.writeAll(set);
        return new Written(html, jsonFile, null);
    }

    /**
     * A file's text streamed into it in UTF-8 as it is rendered: a report of 2 x 120 MB manifests is never one string
     * (its JSON alone is several hundred MB), only a buffer's worth.
     */
    private static AtomicFiles.Content text(Render content) {
        return channel -> {
            Writer out = new BufferedWriter(Channels.newWriter(channel, StandardCharsets.UTF_8));
            content.to(out);
            out.flush();
        };
    }

    /** The JSON file: the tree as {@link Json#write} writes it, then a newline; an error of the file is its own. */
    private static void json(JsonNode tree, Writer out) throws IOException {
        try {
            Json.write(tree, out);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        out.write("\n");
    }

    private static String base(Path htmlFile) { return htmlFile.getFileName().toString().replaceFirst("(?i)\\.html?$", ""); }
}
