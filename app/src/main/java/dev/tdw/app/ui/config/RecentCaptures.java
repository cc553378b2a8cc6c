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
import java.util.HashSet;
import java.util.Set;
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
        /** Both folders still exist (a demo's temporary folder or a deleted run does not). */
        public boolean exists() { return Files.isDirectory(left) && Files.isDirectory(right); }

    }

    /**
     * Menu labels for the list: each folder by its last two path components, more where two different folders would
     * otherwise read the same ("run1/capture" under two experiments).
     */
    public static List<String> labels(List<Entry> entries) {
        Set<Path> all = new HashSet<>();
        for (Entry e : entries) {
            all.add(e.left().toAbsolutePath().normalize());
            all.add(e.right().toAbsolutePath().normalize());
        }
        List<String> out = new ArrayList<>();
        for (Entry e : entries) out.add(unambiguous(e.left(), all) + "  ⟷  " + unambiguous(e.right(), all));
        return out;
    }

    private static final int MAX_COMPONENTS = 8;

    private static String unambiguous(Path p, Set<Path> all) {
        Path abs = p.toAbsolutePath().normalize();
        int n = 2;
        while (n < MAX_COMPONENTS && sameTailElsewhere(abs, all, n)) n++;
        return tail(abs, n);
    }

    private static boolean sameTailElsewhere(Path p, Set<Path> all, int n) {
        String t = tail(p, n);
        return all.stream().anyMatch(o -> !o.equals(p) && tail(o, n).equals(t));
    }

    private static String tail(Path p, int components) {
        Path abs = p.toAbsolutePath().normalize();
        int count = abs.getNameCount();
        if (count == 0) return abs.toString();
        Path t = abs.subpath(Math.max(0, count - components), count);
        return count <= components ? abs.toString() : t.toString();
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
        save(list);
        return list;
    }

    /** Drops the entry (a pair that can no longer be opened) and returns the new list. */
    public List<Entry> remove(Entry entry) throws IOException {
        List<Entry> list = load();
        if (list.remove(entry)) save(list);
        return list;
    }

    /** The list without pairs whose folders are gone, saved so when something was dropped. */
    public List<Entry> loadExisting() throws IOException {
        List<Entry> list = load();
        List<Entry> alive = list.stream().filter(Entry::exists).toList();
        if (alive.size() != list.size()) save(alive);
        return new ArrayList<>(alive);
    }

    private void save(List<Entry> list) throws IOException {
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
    }
}
