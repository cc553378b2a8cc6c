package dev.tdw.app.ui.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.output.OutputFolderPolicy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The replay dialog's last runtimes and tolerances, in {@code replay-choices.json} of the user's config folder (never in
 * a capture: the folder is checked by {@link OutputFolderPolicy}). A damaged file counts as nothing remembered.
 */
public final class ReplayChoices {
    public record Choices(String candidate, String reference, String atol, String rtol) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A remembered file bigger than this is not read: it was not written by us. */
    private static final long MAX_BYTES = 64 * 1024;

    private final Path file;

    public ReplayChoices(Path file) { this.file = file; }

    public static ReplayChoices inUserConfig() { return new ReplayChoices(UserConfig.directory().resolve("replay-choices.json")); }

    public Optional<Choices> load() {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) return Optional.empty();
            JsonNode o = JSON.readTree(file.toFile());
            String c = text(o, "candidate"), r = text(o, "reference"), a = text(o, "atol"), t = text(o, "rtol");
            return c == null || r == null || a == null || t == null ? Optional.empty() : Optional.of(new Choices(c, r, a, t));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public void save(Choices choices) throws IOException {
        Path dir = OutputFolderPolicy.prepare(file.toAbsolutePath().getParent(), List.of());
        ObjectNode o = JSON.createObjectNode();
        o.put("candidate", choices.candidate());
        o.put("reference", choices.reference());
        o.put("atol", choices.atol());
        o.put("rtol", choices.rtol());
        AtomicFiles.writeString(dir.resolve(file.getFileName()), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o));
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v != null && v.isTextual() && v.asText().length() < 200 ? v.asText() : null;
    }
}
