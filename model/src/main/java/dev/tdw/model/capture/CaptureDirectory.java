package dev.tdw.model.capture;

import dev.tdw.model.input.InputException;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.regex.Pattern;

/**
 * Every manifest under one capture root, sub-directories included (the probe puts each occurrence
 * or rank in its own folder). A broken file becomes a {@link LoadProblem}; the rest still loads.
 * Payloads are not opened here: {@link #payloadOf} resolves them lazily and refuses paths that
 * escape the root. Nothing here ever writes.
 */
public record CaptureDirectory(Path root, List<Manifest> manifests, List<LoadProblem> problems) {
    /** The probe's file name {@code {safe_label}-rank{rank}.json} (a newline in the label is still that name). */
    static final Pattern MANIFEST_NAME = Pattern.compile(".+-rank\\d+\\.json", Pattern.DOTALL);
    /** Directory levels below the root that are searched; deeper directories are listed as problems. */
    public static final int MAX_DEPTH = 32;
    /** Distinct real directories searched; the walk stops with a problem entry beyond it. */
    public static final int MAX_DIRECTORIES = 10_000;
    /** Directory entries looked at in all; the walk stops with a problem entry beyond it. */
    public static final int MAX_ENTRIES = 1_000_000;

    public CaptureDirectory {
        manifests = List.copyOf(manifests);
        problems = List.copyOf(problems);
    }

    public static CaptureDirectory load(Path root) throws CaptureFormatException {
        return load(root, new ManifestReader(), LoadProgress.NONE);
    }

    /** Every manifest under {@code root}; a single manifest file (a {@code .json}) is a capture of one manifest. */
    public static CaptureDirectory load(Path root, ManifestReader reader, LoadProgress progress) throws CaptureFormatException {
        return load(root, reader, progress, ManifestBatch.MAX_THREADS);
    }

    /**
     * {@link #load(Path, ManifestReader, LoadProgress)} reading the manifests on at most {@code readThreads} threads (also
     * bounded by the processors and {@link ManifestBatch#MAX_THREADS}); 1 reads them one after the other (the benchmark's
     * baseline). The result is the same for any count.
     */
    public static CaptureDirectory load(Path root, ManifestReader reader, LoadProgress progress, int readThreads)
            throws CaptureFormatException {
        Path realRoot;
        try {
            realRoot = RegularFiles.realPath(root);
        } catch (InputException e) {
            throw new CaptureFormatException(root, e.reason().equals("file not found") ? "directory not found" : e.reason(), e);
        }
        if (!Files.isDirectory(realRoot)) {
            if (Files.isRegularFile(realRoot) && root.getFileName().toString().endsWith(".json")) return ofManifest(root, reader);
            throw new CaptureFormatException(root, "not a directory");
        }
        Walk walk = new Walk(root, realRoot, progress);
        walk.run();
        List<LoadProblem> problems = walk.problems;

        List<Manifest> manifests = new ArrayList<>();
        Set<Path> claimedPayloads = new HashSet<>();
        Set<Path> unreadManifests = new HashSet<>();
        List<Path> manifestFiles = walk.manifests;
        // The walk is done and the total known: a progress bar can show it before the first read ends.
        progress.progress(0, manifestFiles.size(), "found " + manifestFiles.size() + " manifests");
        // Read on a few threads, answered in walk order: the same manifests and problems in the same order every time.
        ManifestBatch.read(root, manifestFiles, reader, progress, readThreads, (i, read) -> {
            Path f = read.file();
            progress.progress(i, manifestFiles.size(), SafeText.of(f.getFileName()));
            if (read.problem() != null) {
                problems.add(new LoadProblem(f, LoadProblem.Kind.UNREADABLE_MANIFEST, read.problem().getMessage()));
                unreadManifests.add(f);
                return;
            }
            Manifest m = read.manifest();
            manifests.add(m);
            if (m.tensorFile() == null) return;
            try {
                Path p = resolvePayload(realRoot, m);
                claimedPayloads.add(realOrSelf(p));
                payloadNotRegular(f, m, p).ifPresent(problems::add);
            } catch (CaptureFormatException e) {
                problems.add(payloadRefused(f, e));
            }
        });
        progress.progress(manifestFiles.size(), manifestFiles.size(), "done");
        walk.payloads.forEach((real, pt) -> {
            if (claimedPayloads.contains(real)) return;
            Path manifest = unreadManifests.stream().filter(m -> sameStem(m, pt)).findFirst().orElse(null);
            String why = manifest != null
                    ? "payload of " + SafeText.of(manifest.getFileName()) + ", which could not be read"
                    : "payload without a manifest naming it (a run killed mid-write?)";
            problems.add(new LoadProblem(pt, manifest != null ? LoadProblem.Kind.PAYLOAD_OF_UNREADABLE_MANIFEST
                    : LoadProblem.Kind.PAYLOAD_OF_NO_MANIFEST, SafeText.of(pt) + ": " + why));
        });
        manifests.sort(Comparator.comparing(Manifest::id).thenComparing(Manifest::path));
        return new CaptureDirectory(root, manifests, problems);
    }

    /**
     * One manifest file opened as a capture of its own (what {@code tdw open a.json b.json} asks for): its folder is
     * the root its payload is resolved in, and an unreadable manifest is an error, as there is nothing else to show.
     */
    private static CaptureDirectory ofManifest(Path file, ManifestReader reader) throws CaptureFormatException {
        Manifest m = reader.read(file);
        List<LoadProblem> problems = new ArrayList<>();
        Path folder = file.toAbsolutePath().getParent();
        try {
            Path p = payloadOf(folder, m).orElse(null);
            if (p != null) payloadNotRegular(file, m, p).ifPresent(problems::add);
        } catch (CaptureFormatException e) {
            problems.add(payloadRefused(file, e));
        }
        return new CaptureDirectory(folder, List.of(m), problems);
    }

    /** A loaded manifest whose payload name was refused (escapes the capture, not a file name). */
    private static LoadProblem payloadRefused(Path manifest, CaptureFormatException e) {
        String reason = e.reason().endsWith("; refused") ? e.reason().substring(0, e.reason().length() - "; refused".length()) : e.reason();
        return new LoadProblem(manifest, LoadProblem.Kind.PAYLOAD_NOT_USED, SafeText.of(manifest) + ": loaded, payload refused: " + reason);
    }

    /** A loaded manifest whose payload is missing or is not a regular file. */
    private static Optional<LoadProblem> payloadNotRegular(Path manifest, Manifest m, Path payload) {
        if (Files.isRegularFile(payload)) return Optional.empty();
        boolean exists = Files.exists(payload);
        return Optional.of(new LoadProblem(manifest, LoadProblem.Kind.PAYLOAD_NOT_USED, SafeText.of(manifest) + ": loaded, payload "
                + (exists ? "refused" : "missing") + ": names payload " + SafeText.of(m.tensorFile())
                + (exists ? ", which is not a regular file" : ", which is missing")));
    }

    /**
     * The walk over a capture: every real directory once (links to a directory already searched add nothing, so 30
     * links do not make 31 copies), at most {@link #MAX_DEPTH} levels, {@link #MAX_DIRECTORIES} directories and
     * {@link #MAX_ENTRIES} entries, links followed only when their real target is inside the root. A file is one
     * capture however many links lead to it. Everything skipped that looks like a capture file is listed with why.
     */
    private static final class Walk {
        private final Path root;
        private final Path realRoot;
        private final LoadProgress progress;
        final List<Path> manifests = new ArrayList<>();
        /** Payloads by real path, as first reached. */
        final Map<Path, Path> payloads = new TreeMap<>();
        final List<LoadProblem> problems = new ArrayList<>();
        private final Set<Path> seenDirectories = new HashSet<>();
        private final Set<Path> seenManifests = new HashSet<>();
        private long entries;
        private boolean stopped;

        Walk(Path root, Path realRoot, LoadProgress progress) {
            this.root = root;
            this.realRoot = realRoot;
            this.progress = progress;
        }

        void run() {
            seenDirectories.add(realRoot);
            directory(root, 0);
        }

        private void directory(Path dir, int depth) {
            if (progress.cancelled()) throw new CancellationException("loading " + root + " was cancelled");
            List<Path> children = new ArrayList<>();
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
                for (Path child : stream) {
                    if (++entries > MAX_ENTRIES) {
                        stop(dir, "more than " + MAX_ENTRIES + " directory entries in the capture (limit)");
                        return;
                    }
                    children.add(child);
                }
            } catch (IOException e) {
                problems.add(new LoadProblem(dir, LoadProblem.Kind.REFUSED, SafeText.of(dir) + ": " + RegularFiles.reason(e) + "; not searched"));
                return;
            }
            children.sort(Comparator.naturalOrder());
            for (Path child : children) {
                if (stopped) return;
                entry(child, depth);
            }
        }

        private void entry(Path path, int depth) {
            String name = path.getFileName().toString();
            boolean manifest = MANIFEST_NAME.matcher(name).matches();
            boolean payload = name.endsWith(".pt");
            boolean otherJson = !manifest && name.endsWith(".json");
            BasicFileAttributes own;
            try {
                own = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                if (manifest || payload || otherJson) problem(path, RegularFiles.reason(e) + "; not read");
                return;
            }
            if (otherJson && !own.isDirectory()) {
                // Said once, whatever it is: the probe only writes {label}-rank{N}.json, so this file is not one of its manifests.
                problems.add(new LoadProblem(path, LoadProblem.Kind.NOT_A_PROBE_MANIFEST, SafeText.of(path)
                        + ": not a probe manifest (the probe names its manifests {label}-rank{N}.json); not read"));
                return;
            }
            if (!own.isSymbolicLink() && !own.isDirectory() && !manifest && !payload) return;
            Path real;
            BasicFileAttributes attrs;
            try {
                real = path.toRealPath();
                attrs = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                String why = own.isSymbolicLink() && e instanceof java.nio.file.NoSuchFileException
                        ? "dangling link (its target does not exist)" : RegularFiles.reason(e);
                problem(path, why + "; not followed");
                return;
            }
            if (attrs.isDirectory()) {
                if (!real.startsWith(realRoot)) {
                    problem(path, "link leads outside the capture directory; not followed");
                } else if (!seenDirectories.add(real)) {
                    return; // searched already, through another path: one directory is searched once
                } else if (depth + 1 > MAX_DEPTH) {
                    problem(path, "more than " + MAX_DEPTH + " directory levels below the capture root (limit); not searched");
                } else if (seenDirectories.size() > MAX_DIRECTORIES) {
                    stop(path, "more than " + MAX_DIRECTORIES + " directories in the capture (limit)");
                } else {
                    directory(path, depth + 1);
                }
                return;
            }
            if (!manifest && !payload) return;
            if (!real.startsWith(realRoot)) {
                problem(path, "link leads outside the capture directory; not read");
            } else if (!attrs.isRegularFile()) {
                problem(path, "not a regular file (" + RegularFiles.kind(attrs) + "); not read");
            } else if (manifest) {
                if (seenManifests.add(real)) manifests.add(path);
            } else {
                payloads.putIfAbsent(real, path);
            }
        }

        private void stop(Path at, String why) {
            stopped = true;
            problems.add(new LoadProblem(at, LoadProblem.Kind.WALK_STOPPED, SafeText.of(root) + ": " + why + "; the walk stopped at " + SafeText.of(at)));
        }

        private void problem(Path path, String why) {
            problems.add(new LoadProblem(path, LoadProblem.Kind.REFUSED, SafeText.of(path) + ": " + why));
        }
    }

    private static Path realOrSelf(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /**
     * The name of one run of a folder of repeated runs ({@code run3}, {@code run12-retry}; the number orders them):
     * the sets rule ({@code RunFolders}) and the output rule ({@code OutputFolderPolicy}) read it from here.
     */
    public static final Pattern RUN_FOLDER = Pattern.compile("run(\\d{0,9}).*");

    /** Whether a folder's name makes it a run of a folder of runs ({@link #RUN_FOLDER}). */
    public static boolean isRunFolderName(String folder) {
        return RUN_FOLDER.matcher(folder).matches();
    }

    /** Whether a file name is a probe manifest's ({@code {label}-rank{N}.json}), the files a capture directory is made of. */
    public static boolean isManifestName(String fileName) {
        return MANIFEST_NAME.matcher(fileName).matches();
    }

    /** {@code x-rank0.json} and {@code x-rank0.pt}: the probe names a payload after its manifest. */
    private static boolean sameStem(Path manifest, Path payload) {
        String m = manifest.getFileName().toString(), p = payload.getFileName().toString();
        return manifest.getParent() != null && manifest.getParent().equals(payload.getParent())
                && m.substring(0, m.length() - ".json".length()).equals(p.substring(0, p.length() - ".pt".length()));
    }

    /** The payload a manifest names, refused when the name escapes the capture root (../, absolute, link outside). */
    public Optional<Path> payloadOf(Manifest m) throws CaptureFormatException {
        return payloadOf(root, m);
    }

    /** The same for a manifest read on its own: {@code root} is the capture it belongs to (its folder will do). */
    public static Optional<Path> payloadOf(Path root, Manifest m) throws CaptureFormatException {
        if (m.tensorFile() == null) return Optional.empty();
        Path realRoot;
        try {
            realRoot = root.toRealPath();
        } catch (IOException e) {
            throw new CaptureFormatException(root, "cannot resolve: " + RegularFiles.reason(e), e);
        }
        return Optional.of(resolvePayload(realRoot, m));
    }

    static Path resolvePayload(Path realRoot, Manifest m) throws CaptureFormatException {
        String name = m.tensorFile();
        if (name.isEmpty() || name.equals("..") || name.equals(".") || name.contains("/") || name.contains("\\")) {
            throw new CaptureFormatException(m.path(), "tensor_file " + SafeText.quoted(name)
                    + " is not a plain file name beside the manifest; refused");
        }
        Path named;
        try {
            named = m.path().getFileSystem().getPath(name); // the manifest's own file system: a capture may be on a host (SFTP)
        } catch (InvalidPathException e) { // a NUL character, or what the platform forbids in names
            throw new CaptureFormatException(m.path(), "tensor_file " + SafeText.quoted(name) + " is not a valid file name here; refused");
        }
        if (named.getRoot() != null || named.getNameCount() != 1) { // a drive-relative name on Windows: C:x.pt
            throw new CaptureFormatException(m.path(), "tensor_file " + SafeText.quoted(name)
                    + " is not a plain file name beside the manifest; refused");
        }
        Path p = m.path().resolveSibling(named);
        if (Files.exists(p)) {
            try {
                if (!p.toRealPath().startsWith(realRoot)) {
                    throw new CaptureFormatException(m.path(), "tensor_file " + SafeText.quoted(name) + " links outside the capture directory; refused");
                }
            } catch (IOException e) {
                throw new CaptureFormatException(m.path(), "cannot resolve tensor_file " + SafeText.quoted(name) + ": " + RegularFiles.reason(e), e);
            }
        }
        return p;
    }

    /** Manifests matching a selector; null fields match anything. */
    public List<Manifest> select(String label, Integer occurrence, Integer rank) {
        return manifests.stream().filter(m -> selects(m, label, occurrence, rank)).toList();
    }

    /** Whether a selector (null fields match anything) selects this manifest. */
    public static boolean selects(Manifest m, String label, Integer occurrence, Integer rank) {
        return (label == null || label.equals(m.label())) && (occurrence == null || occurrence.equals(m.occurrence()))
                && (rank == null || rank.equals(m.rank()));
    }

    public List<String> labels() { return manifests.stream().map(Manifest::label).filter(java.util.Objects::nonNull).distinct().toList(); }
}
