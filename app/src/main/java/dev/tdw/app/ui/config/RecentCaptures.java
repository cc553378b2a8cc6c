package dev.tdw.app.ui.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The capture pairs opened lately, newest first, in {@code recent.json}. A damaged file is treated
 * as empty rather than stopping the workbench; writes go through a temp file so a crash leaves the
 * old list.
 */
public final class RecentCaptures {
    public static final int MAX = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    public record Entry(Path left, Path right) {
        public String label() { return name(left) + "  ⟷  " + name(right); }

        private static String name(Path p) {
            Path abs = p.toAbsolutePath().normalize();
            Path parent = abs.getParent() == null ? null : abs.getParent().getFileName();
            return parent == null ? String.valueOf(abs.getFileName()) : parent + "/" + abs.getFileName();
        }
    }

    private final Path file;

    public RecentCaptures(Path file) { this.file = file; }

    public static RecentCaptures inUserConfig() { return new RecentCaptures(UserConfig.directory().resolve("recent.json")); }

    public List<Entry> load() {
        List<Entry> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) return out;
        try {
            JsonNode root = JSON.readTree(file.toFile());
            for (JsonNode e : root.path("recent")) {
                if (e.hasNonNull("left") && e.hasNonNull("right")) {
                    out.add(new Entry(Path.of(e.get("left").asText()), Path.of(e.get("right").asText())));
                }
            }
        } catch (IOException | RuntimeException e) {
            return new ArrayList<>();
        }
        return out;
    }

    /** Puts the pair first (moving it if it was there already), keeps {@link #MAX}, and returns the new list. */
    public List<Entry> add(Path left, Path right) throws IOException {
        Entry entry = new Entry(left.toAbsolutePath().normalize(), right.toAbsolutePath().normalize());
        List<Entry> list = load();
        list.remove(entry);
        list.add(0, entry);
        while (list.size() > MAX) list.remove(list.size() - 1);
        ObjectNode root = JSON.createObjectNode();
        ArrayNode a = root.putArray("recent");
        for (Entry e : list) {
            ObjectNode o = a.addObject();
            o.put("left", e.left().toString());
            o.put("right", e.right().toString());
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "recent", ".tmp");
        JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return list;
    }
}
