package dev.tdw.bridge.capture;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Names and creates a run's DUMP_PROBE_DIR under a capture root, readable in a file list and sorted by time:
 * {@code 2026-12-02_1412_eager}, then {@code 2026-12-02_1412_eager-2} for a second run in the same minute.
 */
public final class CaptureOutputDirectory {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd_HHmm");

    private CaptureOutputDirectory() {}

    /** The run name with every character outside {@code [A-Za-z0-9_.-]} replaced by {@code _}, as the probe does for labels. */
    public static String safeName(String runName) {
        String s = runName == null ? "" : runName.strip().replaceAll("[^A-Za-z0-9_.-]", "_");
        return s.isEmpty() || s.chars().allMatch(c -> c == '.') ? "run" : s;
    }

    /**
     * Removes a run's output directory if the run wrote nothing into it, so that a run that captured nothing leaves no
     * folder that looks like a capture. Only an empty directory is ever removed; anything else stays as it is.
     *
     * @return true when the directory was empty and is gone
     */
    public static boolean removeIfEmpty(Path dir) {
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) return false;
            Files.delete(dir);
            return true;
        } catch (IOException e) {
            // not there, not a directory, filled meanwhile (DirectoryNotEmptyException) or not ours to remove: keep it
            return false;
        }
    }

    /** The name {@link #create} tries first; shown before a run so the user knows where it will capture. */
    public static Path proposed(Path captureRoot, String runName, LocalDateTime now) {
        return captureRoot.resolve(now.format(STAMP) + "_" + safeName(runName));
    }

    /** Creates a new, empty directory; never reuses one, so two runs never mix their manifests. */
    public static Path create(Path captureRoot, String runName, LocalDateTime now) throws IOException {
        Files.createDirectories(captureRoot);
        String base = proposed(captureRoot, runName, now).getFileName().toString();
        for (int n = 1; ; n++) {
            Path dir = captureRoot.resolve(n == 1 ? base : base + "-" + n);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // taken by an earlier run in the same minute: try the next suffix
            }
        }
    }
}
