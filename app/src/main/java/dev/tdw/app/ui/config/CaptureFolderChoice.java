package dev.tdw.app.ui.config;

import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.output.OutputFolderPolicy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The folder the user chose for the narrowing loop's new captures ("Capture tensors here"), remembered in
 * {@code capture-folder.txt} of the user's config folder: one absolute path. A missing, damaged or oversized file
 * counts as nothing chosen (the captures then go where {@link OutputFolderPolicy#besideCapture} proposes).
 */
public final class CaptureFolderChoice {
    /** A remembered file bigger than this is not read: it was not written by us. */
    private static final long MAX_BYTES = 8 * 1024;

    private final Path file;

    public CaptureFolderChoice(Path file) { this.file = file; }

    public static CaptureFolderChoice inUserConfig() { return new CaptureFolderChoice(UserConfig.directory().resolve("capture-folder.txt")); }

    public Optional<Path> load() {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) return Optional.empty();
            String s = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (s.isEmpty() || s.contains("\n")) return Optional.empty();
            Path p = Path.of(s);
            return p.isAbsolute() ? Optional.of(p) : Optional.empty();
        } catch (IOException | InvalidPathException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** Remembers {@code folder}, or forgets the choice when it is null. */
    public void save(Path folder) throws IOException {
        Path dir = OutputFolderPolicy.prepare(file.toAbsolutePath().getParent(), List.of());
        AtomicFiles.writeString(dir.resolve(file.getFileName()), folder == null ? "" : folder.toAbsolutePath().normalize() + "\n");
    }
}
