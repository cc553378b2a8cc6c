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
import java.util.List;

/** Writes {@code name.html}, {@code name.json} and {@code name-chart.png} beside each other. */
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
        AtomicFiles.writeBytes(png, chartPng);
        // Absolute paths: the report is read on another machine, where they still say where the captures were.
        writeText(json, out -> json(WorkbenchReport.json(a, ctx, p -> p.toAbsolutePath().toString()), out));
        Path html = dir.resolve(base + ".html");
        writeText(html, out -> WorkbenchReport.html(a, ctx, chartPng, out));
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
        writeText(jsonFile, out -> json(json, out));
        Path html = dir.resolve(base + ".html");
        writeText(html, page);
        return new Written(html, jsonFile, null);
    }

    /**
     * Text streamed into {@code target} in UTF-8 as it is rendered, whole or not at all ({@link AtomicFiles#write}):
     * a report of 2 x 120 MB manifests is never one string (its JSON alone is several hundred MB), only a buffer's worth.
     */
    private static void writeText(Path target, Render content) throws IOException {
        AtomicFiles.write(target, channel -> {
            Writer out = new BufferedWriter(Channels.newWriter(channel, StandardCharsets.UTF_8));
            content.to(out);
            out.flush();
        });
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
