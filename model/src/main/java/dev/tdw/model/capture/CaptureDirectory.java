package dev.tdw.model.capture;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.regex.Pattern;

/**
 * Every manifest under one capture root, sub-directories included (the probe puts each occurrence
 * or rank in its own folder). A broken file becomes a {@link LoadProblem}; the rest still loads.
 * Payloads are not opened here: {@link #payloadOf} resolves them lazily and refuses paths that
 * escape the root. Nothing here ever writes.
 */
public record CaptureDirectory(Path root, List<Manifest> manifests, List<LoadProblem> problems) {
    /** The probe's file name {@code {safe_label}-rank{rank}.json}. */
    static final Pattern MANIFEST_NAME = Pattern.compile(".+-rank\\d+\\.json");
    private static final int MAX_DEPTH = 32;

    public CaptureDirectory {
        manifests = List.copyOf(manifests);
        problems = List.copyOf(problems);
    }

    public static CaptureDirectory load(Path root) throws CaptureFormatException {
        return load(root, new ManifestReader(), LoadProgress.NONE);
    }

    public static CaptureDirectory load(Path root, ManifestReader reader, LoadProgress progress) throws CaptureFormatException {
        if (!Files.isDirectory(root)) {
            throw new CaptureFormatException(root, Files.exists(root) ? "not a directory" : "directory not found");
        }
        Path realRoot;
        try {
            realRoot = root.toRealPath();
        } catch (IOException e) {
            throw new CaptureFormatException(root, "cannot resolve: " + e.getMessage(), e);
        }
        List<Path> manifestFiles = new ArrayList<>();
        Set<Path> payloadFiles = new TreeSet<>();
        List<LoadProblem> problems = new ArrayList<>();
        walk(root, realRoot, manifestFiles, payloadFiles, problems, progress);
        manifestFiles.sort(Comparator.naturalOrder());

        List<Manifest> manifests = new ArrayList<>();
        Set<Path> claimedPayloads = new HashSet<>();
        for (int i = 0; i < manifestFiles.size(); i++) {
            if (progress.cancelled()) throw new CancellationException("loading " + root + " was cancelled");
            Path f = manifestFiles.get(i);
            progress.progress(i, manifestFiles.size(), f.getFileName().toString());
            try {
                Manifest m = reader.read(f);
                manifests.add(m);
                if (m.tensorFile() != null) {
                    try {
                        Path p = resolvePayload(realRoot, m);
                        claimedPayloads.add(p.normalize());
                        if (!Files.isRegularFile(p)) {
                            String why = Files.exists(p) ? "which is not a regular file" : "which is missing";
                            problems.add(new LoadProblem(f, f + ": names payload " + m.tensorFile() + ", " + why));
                        }
                    } catch (CaptureFormatException e) {
                        problems.add(new LoadProblem(f, e.getMessage()));
                    }
                }
            } catch (CaptureFormatException e) {
                problems.add(new LoadProblem(f, e.getMessage()));
            }
        }
        progress.progress(manifestFiles.size(), manifestFiles.size(), "done");
        for (Path pt : payloadFiles) {
            if (!claimedPayloads.contains(pt.normalize())) {
                problems.add(new LoadProblem(pt, pt + ": payload without a manifest naming it (a run killed mid-write?)"));
            }
        }
        manifests.sort(Comparator.comparing(Manifest::id).thenComparing(Manifest::path));
        return new CaptureDirectory(root, manifests, problems);
    }

    private static void walk(Path root, Path realRoot, List<Path> manifests, Set<Path> payloads, List<LoadProblem> problems,
                             LoadProgress progress) throws CaptureFormatException {
        try {
            Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (progress.cancelled()) throw new CancellationException("loading " + root + " was cancelled");
                    String outside = dir.equals(root) ? null : outside(dir, realRoot);
                    if (outside != null) {
                        problems.add(new LoadProblem(dir, dir + ": " + outside + "; not followed"));
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String name = file.getFileName().toString();
                    boolean manifest = MANIFEST_NAME.matcher(name).matches();
                    boolean payload = name.endsWith(".pt");
                    if (!manifest && !payload) return FileVisitResult.CONTINUE;
                    String outside = outside(file, realRoot);
                    if (outside != null) {
                        problems.add(new LoadProblem(file, file + ": " + outside + "; not read"));
                    } else if (manifest && attrs.isRegularFile()) {
                        manifests.add(file);
                    } else if (payload && attrs.isRegularFile()) {
                        payloads.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    String why = e instanceof FileSystemLoopException ? "symbolic link loop; not followed" : "cannot read: " + e.getMessage();
                    problems.add(new LoadProblem(file, file + ": " + why));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new CaptureFormatException(root, "cannot walk: " + e.getMessage(), e);
        }
    }

    /**
     * Why a path's real location is not inside the capture, or null when it is. A path that cannot be resolved (a
     * dangling link, a file removed meanwhile) is not inside either, so one bad entry never stops the walk.
     */
    private static String outside(Path path, Path realRoot) {
        try {
            return path.toRealPath().startsWith(realRoot) ? null : "link leads outside the capture directory";
        } catch (IOException e) {
            return "cannot resolve (" + e + ")";
        }
    }

    /** Whether a file name is a probe manifest's ({@code {label}-rank{N}.json}), the files a capture directory is made of. */
    public static boolean isManifestName(String fileName) {
        return MANIFEST_NAME.matcher(fileName).matches();
    }

    /** The payload a manifest names, refused when the name escapes the capture root (../, absolute, link outside). */
    public Optional<Path> payloadOf(Manifest m) throws CaptureFormatException {
        return payloadOf(root, m);
    }

    /** The same for a manifest read on its own: {@code root} is the capture it belongs to (its folder will do). */
    public static Optional<Path> payloadOf(Path root, Manifest m) throws CaptureFormatException {
        if (m.tensorFile() == null) return Optional.empty();
        try {
            return Optional.of(resolvePayload(root.toRealPath(), m));
        } catch (IOException e) {
            throw new CaptureFormatException(root, "cannot resolve: " + e.getMessage(), e);
        }
    }

    static Path resolvePayload(Path realRoot, Manifest m) throws CaptureFormatException {
        String name = m.tensorFile();
        if (name.isEmpty() || name.equals("..") || name.equals(".") || name.contains("/") || name.contains("\\")) {
            throw new CaptureFormatException(m.path(), "tensor_file " + quoted(name)
                    + " is not a plain file name beside the manifest; refused");
        }
        Path named;
        try {
            named = Path.of(name);
        } catch (InvalidPathException e) { // a NUL character, or what the platform forbids in names
            throw new CaptureFormatException(m.path(), "tensor_file " + quoted(name) + " is not a valid file name here; refused");
        }
        if (named.getRoot() != null || named.getNameCount() != 1) { // a drive-relative name on Windows: C:x.pt
            throw new CaptureFormatException(m.path(), "tensor_file " + quoted(name)
                    + " is not a plain file name beside the manifest; refused");
        }
        Path p = m.path().resolveSibling(named);
        if (Files.exists(p)) {
            try {
                if (!p.toRealPath().startsWith(realRoot)) {
                    throw new CaptureFormatException(m.path(), "tensor_file " + quoted(name) + " links outside the capture directory; refused");
                }
            } catch (IOException e) {
                throw new CaptureFormatException(m.path(), "cannot resolve tensor_file " + quoted(name) + ": " + e.getMessage(), e);
            }
        }
        return p;
    }

    /** A name from a manifest for a message: quoted, with control characters escaped so the message stays one line. */
    private static String quoted(String name) {
        StringBuilder out = new StringBuilder("'");
        name.chars().forEach(c -> out.append(c < 0x20 || c == 0x7f ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return out.append('\'').toString();
    }

    /** Manifests matching a selector; null fields match anything. */
    public List<Manifest> select(String label, Integer occurrence, Integer rank) {
        List<Manifest> out = new ArrayList<>();
        for (Manifest m : manifests) {
            if (label != null && !label.equals(m.label())) continue;
            if (occurrence != null && !occurrence.equals(m.occurrence())) continue;
            if (rank != null && !rank.equals(m.rank())) continue;
            out.add(m);
        }
        return out;
    }

    public List<String> labels() { return manifests.stream().map(Manifest::label).filter(java.util.Objects::nonNull).distinct().toList(); }
}
