package dev.tdw.app.ui.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The remote addresses opened lately ({@code ssh://...}), newest first, in {@code recent-remote.json} beside the
 * window's other remembered choices. A damaged file is an empty list; writes go through a temporary file.
 */
public final class RecentHosts {
    public static final int MAX = 10;
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path file;

    public RecentHosts(Path file) {
        this.file = file;
    }

    public List<String> load() {
        List<String> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) return out;
        try {
            for (JsonNode a : JSON.readTree(file.toFile()).path("recent")) {
                if (a.isTextual() && out.size() < MAX) out.add(a.asText());
            }
        } catch (IOException e) {
            return new ArrayList<>(); // damaged: forgotten, the window still opens
        }
        return out;
    }

    /** Puts the addresses first (once each) and keeps {@link #MAX}; returns the new list. */
    public List<String> remember(List<String> addresses) throws IOException {
        List<String> list = new ArrayList<>(addresses);
        for (String a : load()) if (!list.contains(a)) list.add(a);
        if (list.size() > MAX) list = new ArrayList<>(list.subList(0, MAX));
        var root = JSON.createObjectNode();
        ArrayNode arr = root.putArray("recent");
        list.forEach(arr::add);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "recent-remote", ".tmp");
        JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return list;
    }
}
