package dev.tdw.model.output;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.input.RegularFiles;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one rule for where tdw may write (replay outputs and anything else it creates): never into a capture. A folder
 * is refused when its real location (links resolved) is, or lies inside, one of the named capture roots, or inside any
 * directory that holds probe manifests ({@code *-rankN.json}). Both front ends ask this class, so the dialog says
 * before running what the command line says when it refuses.
 * <p>
 * New folders tdw makes for a run (a capture, the next narrower capture, a symptom check) follow one naming rule
 * too ({@link #createNew}): a readable, time-sorted name ({@code 2026-12-02_1412_eager-layers.3}) in a real parent,
 * outside every capture, never an existing name: a taken one gets the next numbered suffix ({@code -2}, {@code -3}).
 */
public final class OutputFolderPolicy {
    /** How many directories above a payload {@link #captureRootOf} looks at: bounds the walk up. */
    public static final int MAX_LEVELS = 64;
    /**
     * Entries read from one directory when deciding whether it belongs to a capture; a bigger directory is judged by
     * its first entries (directory order).
     */
    public static final int MAX_ENTRIES = 10_000;
    /** Entries a refusal of an occupied folder names before it stops looking. */
    private static final int SHOWN_ENTRIES = 5;

    /** Suffixes {@link #createNew} tries before it gives up: bounds the loop when a folder is flooded with names. */
    public static final int MAX_SUFFIX = 1000;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd_HHmm");
    private static final Pattern STAMPED = Pattern.compile("\\d{4}-\\d{2}-\\d{2}_\\d{4}_(.+)");

    private OutputFolderPolicy() {}

    /** Where the workbench puts new captures when nothing else is chosen: {@code ~/tdw-captures}. */
    public static Path defaultCapturesFolder() {
        return defaultCapturesFolder(FileSystems.getDefault());
    }

    /**
     * {@code tdw-captures} in the user's home folder on {@code fs}: this user's home on this machine; on a host's SFTP
     * file system, the login's home, which is that file system's default folder (relative paths resolve there).
     */
    public static Path defaultCapturesFolder(FileSystem fs) {
        if (fs == FileSystems.getDefault()) return Path.of(System.getProperty("user.home"), "tdw-captures");
        return fs.getPath("tdw-captures").toAbsolutePath();
    }

    /**
     * Where a new capture made from an existing one goes unless the user chose a folder (the narrowing loop): the
     * parent, the readable part of its name ({@link #createNew}), and why it is not simply beside the capture (empty
     * when it is).
     */
    public record NewCaptureSite(Path parent, String readableName, String note) {}

    /**
     * The default {@link NewCaptureSite} of a capture: beside it, named after it; beside its folder of runs, named
     * {@code SET-runN}, when it is one run of a set of repeated runs (a new folder among the runs would make the set no
     * longer open as runs, {@code RunFolders}); in {@code writableDefault} when that parent cannot be written (a shared
     * store, a mounted archive).
     *
     * @param writable whether a folder (or, when missing, its nearest existing ancestor) can be written:
     *                 {@link #writable(Path)}, which a test running as root cannot make false
     */
    public static NewCaptureSite besideCapture(Path capture, Path writableDefault, Predicate<Path> writable) {
        Path dir = capture.toAbsolutePath().normalize();
        Path parent = dir.getParent() == null ? dir : dir.getParent();
        String name = readableNameOf(dir);
        String note = "";
        if (isRunOfSet(dir)) {
            Path set = parent;
            parent = set.getParent() == null ? set : set.getParent();
            name = readableNameOf(set) + "-" + name;
            note = "beside the runs set " + set + ", which stays a set of runs";
        }
        if (!writable.test(parent)) {
            note = parent + " is not writable";
            parent = writableDefault.toAbsolutePath().normalize();
        }
        return new NewCaptureSite(parent, name, note);
    }

    /** Whether {@code folder} (or, while it does not exist, its nearest existing ancestor) is a folder this user may write. */
    public static boolean writable(Path folder) {
        try {
            Path abs = folder.toAbsolutePath().normalize(), existing = abs;
            while (existing != null && !Files.exists(existing)) existing = existing.getParent();
            return existing != null && Files.isDirectory(existing) && Files.isWritable(existing);
        } catch (SecurityException e) {
            return false;
        }
    }

    /** A {@code run*} folder whose parent's folders are all {@code run*} folders (a bounded look). */
    private static boolean isRunOfSet(Path dir) {
        Path parent = dir.getParent();
        if (parent == null || dir.getFileName() == null || !CaptureDirectory.isRunFolderName(dir.getFileName().toString())) return false;
        return !anyEntry(parent, e -> Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS) && !CaptureDirectory.isRunFolderName(e.getFileName().toString()));
    }

    /** {@code name} with every character outside {@code [A-Za-z0-9_.-]} replaced by {@code _}, as the probe does for labels. */
    public static String safeName(String name) {
        String s = name == null ? "" : name.strip().replaceAll("[^A-Za-z0-9_.-]", "_");
        return s.isEmpty() || s.chars().allMatch(c -> c == '.') ? "run" : s;
    }

    /**
     * The folder {@link #createNew} would make under {@code parent} now (the first free name); shown before a run so the
     * user knows where it goes, and after one so the proposal never names the folder just filled.
     */
    public static Path proposed(Path parent, String readableName, LocalDateTime now) {
        return firstFree(parent.toAbsolutePath().normalize(), stamped(readableName, now));
    }

    private static String stamped(String readableName, LocalDateTime now) {
        return now.format(STAMP) + "_" + safeName(readableName);
    }

    /** The readable part of a folder's name: {@code eager} for {@code 2026-12-02_1412_eager}, else the whole name. */
    public static String readableNameOf(Path dir) {
        String name = String.valueOf(dir.toAbsolutePath().normalize().getFileName());
        Matcher m = STAMPED.matcher(name);
        return m.matches() ? m.group(1) : name;
    }

    /**
     * Creates a new, empty folder named {@link #proposed} in the real location of {@code parent} (created if missing),
     * or with the first free numbered suffix: an existing folder, file or link of that name is never reused or
     * followed, so two runs never mix their files. Refused, before anything is made, when the new folder would lie in
     * a capture ({@link #refusal}).
     *
     * @param captureRoots the captures the run starts from; the new folder must lie outside each
     * @return the real path of the folder made
     */
    public static Path createNew(Path parent, String readableName, LocalDateTime now, Collection<Path> captureRoots)
            throws OutputFolderException {
        String base = stamped(readableName, now);
        Path first = parent.toAbsolutePath().normalize().resolve(base);
        // The parent decides: a taken name below it may well hold an earlier run's manifests, and is skipped anyway.
        Optional<String> no = refusal(parent, captureRoots);
        if (no.isPresent()) throw new OutputFolderException(first, "its folder " + no.get());
        Path realParent;
        try {
            realParent = prepare(parent, captureRoots);
        } catch (OutputWriteException e) {
            throw new OutputFolderException(first, "its folder cannot be created (" + e.plainCause() + ")");
        }
        for (int n = 1; n <= MAX_SUFFIX; n++) {
            try {
                return Files.createDirectory(realParent.resolve(suffixed(base, n)));
            } catch (FileAlreadyExistsException e) {
                // taken (an earlier run in the same minute, a file, a link): try the next suffix
            } catch (IOException e) {
                throw new OutputFolderException(first, "cannot create (" + OutputWriteException.cause(e) + ")");
            }
        }
        throw new OutputFolderException(first, "the names " + base + " to " + base + "-" + MAX_SUFFIX + " are all taken");
    }

    /**
     * The first of {@code name}, {@code name-2}, {@code name-3}, ... under {@code parent} that names nothing yet (no
     * folder, file or link), for a dialog to propose: the same naming as {@link #createNew}, so an earlier run's folder
     * is never offered for reuse. Changes nothing on disk; when every name up to {@link #MAX_SUFFIX} is taken the plain
     * name is returned and the caller's check of an occupied folder speaks.
     */
    public static Path firstFree(Path parent, String name) {
        String base = safeName(name);
        for (int n = 1; n <= MAX_SUFFIX; n++) {
            Path candidate = parent.resolve(suffixed(base, n));
            if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) return candidate;
        }
        return parent.resolve(base);
    }

    private static String suffixed(String base, int n) {
        return n == 1 ? base : base + "-" + n;
    }

    /**
     * Removes a folder tdw made for a run if the run wrote nothing into it, so a run that captured nothing leaves no
     * folder that looks like a capture. Only an empty directory is ever removed; anything else stays as it is.
     *
     * @return true when the folder was empty and is gone
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

    /**
     * Why tdw may not write into {@code folder}, or empty when it may. Changes nothing on disk.
     *
     * @param captureRoots the captures the inputs came from (see {@link #captureRootOf}); missing ones are ignored
     */
    public static Optional<String> refusal(Path folder, Collection<Path> captureRoots) {
        Path real;
        try {
            real = realLocation(folder);
        } catch (IOException e) {
            return Optional.of("cannot resolve (" + OutputWriteException.cause(e) + ")");
        }
        if (Files.exists(real) && !Files.isDirectory(real)) return Optional.of("is a file, not a folder");
        for (Path root : captureRoots) {
            Path realRoot;
            try {
                realRoot = root.toRealPath();
            } catch (IOException e) {
                continue; // a capture that is not there cannot be written into
            }
            if (real.startsWith(realRoot)) {
                return Optional.of(where(real, realRoot) + " the capture directory " + realRoot + "; outputs never go into a capture");
            }
        }
        Path d = real;
        for (int level = 0; d != null && level < MAX_LEVELS; level++, d = d.getParent()) {
            if (Files.isDirectory(d) && holdsManifests(d)) {
                return Optional.of(where(real, d) + " the capture directory " + d
                        + " (it holds probe manifests); outputs never go into a capture");
            }
        }
        return Optional.empty();
    }

    /**
     * Why tdw may not publish a result set ({@code names}, such as a replay's {@code candidate.pt}, {@code reference.pt}
     * and {@code replay.json}) as the folder {@code folder}, or empty when it may. A result set is a folder of its own,
     * replaced as a whole ({@link AtomicFiles#replaceFolder}), so besides {@link #refusal} it is refused when it
     * <ul>
     *   <li>holds a capture (a folder holding probe manifests, or only folders that do): it is a capture set or a
     *       folder of repeated runs, where the files would later be read as damaged captures;</li>
     *   <li>holds anything but an earlier set's files (a folder, another file, a link under another name);</li>
     *   <li>is the working folder, which a replacement would pull from under the shell.</li>
     * </ul>
     * Changes nothing on disk; an entry listing is bounded by {@link #MAX_ENTRIES}.
     */
    public static Optional<String> resultSetRefusal(Path folder, Collection<Path> captureRoots, Set<String> names) {
        Optional<String> no = refusal(folder, captureRoots);
        if (no.isPresent()) return no;
        Path real;
        try {
            real = realLocation(folder);
            if (real.equals(Path.of("").toRealPath())) {
                return Optional.of("is the working folder; a result set replaces its folder as a whole, so name a folder of its own");
            }
        } catch (IOException e) {
            return Optional.of("cannot resolve (" + OutputWriteException.cause(e) + ")");
        }
        return foreignEntries(real, names);
    }

    /**
     * Why tdw may not write the file {@code target}, or empty when it may: a folder, device, FIFO or socket there is
     * never replaced or written into (a link is replaced by the new file, never written through). With
     * {@code options} empty the check follows links, as for a name the user gave ({@code --out /dev/stdout}).
     */
    public static Optional<String> fileRefusal(Path target, LinkOption... options) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(target, BasicFileAttributes.class, options);
        } catch (IOException e) {
            return Optional.empty(); // nothing there (or nothing readable): the write itself says what goes wrong
        }
        return a.isRegularFile() || a.isSymbolicLink() ? Optional.empty() : Optional.of("not a regular file (" + RegularFiles.kind(a) + ")");
    }

    /**
     * Checks {@code folder} by {@link #resultSetRefusal}, creates its parent, and returns the folder's real path, for
     * {@link AtomicFiles#replaceFolder} to publish the set as.
     */
    public static Path prepareResultSet(Path folder, Collection<Path> captureRoots, Set<String> names)
            throws OutputFolderException, OutputWriteException {
        Optional<String> no = resultSetRefusal(folder, captureRoots, names);
        if (no.isPresent()) throw new OutputFolderException(folder, no.get());
        Path real;
        try {
            real = realLocation(folder);
        } catch (IOException e) {
            throw new OutputFolderException(folder, "cannot resolve (" + OutputWriteException.cause(e) + ")");
        }
        if (real.getParent() == null) throw new OutputFolderException(folder, "is the root folder; a result set replaces its folder as a whole");
        // The parent was not named by the user: a file in its way is a failed write, not a refused folder.
        return create(real.getParent(), captureRoots).resolve(real.getFileName());
    }

    /** Why the existing folder {@code dir} is not an earlier result set of {@code names}, or empty when it is one (or is empty or missing). */
    static Optional<String> foreignEntries(Path dir, Set<String> names) {
        List<String> captures = new ArrayList<>(), others = new ArrayList<>();
        anyEntry(dir, e -> {
            String name = e.getFileName().toString();
            // A link under a set's name is replaced by the new set, never followed: it counts as the set's.
            boolean setFile = names.contains(name) && (Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(e));
            if (setFile) return false;
            boolean capture = Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS) && (holdsManifests(e) || selectionFolders(e));
            // Gone while it was looked at (another writer moved the folder aside meanwhile): nothing of anyone's.
            if (!capture && !Files.exists(e, LinkOption.NOFOLLOW_LINKS)) return false;
            (capture ? captures : others).add(name);
            return captures.size() + others.size() >= SHOWN_ENTRIES;
        });
        if (!captures.isEmpty()) {
            return Optional.of("holds captures (" + String.join(", ", captures) + "): it is a capture set or a folder of"
                    + " repeated runs; outputs never go into a capture");
        }
        if (!others.isEmpty()) {
            return Optional.of("holds other files (" + String.join(", ", others) + "); a result set is a folder of its own,"
                    + " replaced as a whole: name a new or empty folder, or one an earlier result set went to");
        }
        return Optional.empty();
    }

    /**
     * Checks {@code folder} by {@link #refusal}, creates it with its parents, and returns its real path: the caller
     * writes there, so a link swapped in later under the given name does not redirect the files.
     *
     * @throws OutputWriteException when the folder cannot be created (no permission, a part of the path is a file)
     */
    public static Path prepare(Path folder, Collection<Path> captureRoots) throws OutputFolderException, OutputWriteException {
        Optional<String> no = refusal(folder, captureRoots);
        if (no.isPresent()) throw new OutputFolderException(folder, no.get());
        return create(folder, captureRoots);
    }

    /** Creates {@code folder} with its parents (a file in the way is a failed write) and returns its real path. */
    private static Path create(Path folder, Collection<Path> captureRoots) throws OutputFolderException, OutputWriteException {
        try {
            Files.createDirectories(realLocation(folder));
            Path real = folder.toRealPath();
            // Created meanwhile under a link into a capture? Check what was actually made.
            Optional<String> no = refusal(real, captureRoots);
            if (no.isPresent()) throw new OutputFolderException(folder, no.get());
            return real;
        } catch (OutputFolderException e) {
            throw e;
        } catch (IOException e) {
            throw new OutputWriteException(folder, "cannot create", e);
        }
    }

    /**
     * The capture a payload or manifest belongs to: its real folder, widened to each parent that holds probe manifests
     * itself or whose every entry is a folder holding them (a run's DUMP_PROBE_DIR with one sub-directory per
     * selection: {@code cap/occ1/x.pt} belongs to {@code cap}). Stops at the first other parent, after
     * {@link #MAX_LEVELS}.
     */
    public static Path captureRootOf(Path file) throws IOException {
        Path root = file.toRealPath().getParent();
        if (root == null) return file.toRealPath();
        Path up = root.getParent();
        for (int level = 0; up != null && level < MAX_LEVELS && (holdsManifests(up) || selectionFolders(up)); level++) {
            root = up;
            up = up.getParent();
        }
        return root;
    }

    /** The real path of a folder that may not exist yet: its nearest existing ancestor resolved, the rest appended. */
    static Path realLocation(Path folder) throws IOException {
        Path abs = folder.toAbsolutePath().normalize();
        List<Path> missing = new ArrayList<>();
        Path existing = abs;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            missing.add(0, existing.getFileName());
            existing = existing.getParent();
        }
        if (existing == null) throw new IOException("no part of " + abs + " exists");
        Path real = existing.toRealPath();
        for (Path name : missing) real = real.resolve(name);
        return real;
    }

    private static boolean holdsManifests(Path dir) {
        return anyEntry(dir, e -> CaptureDirectory.isManifestName(e.getFileName().toString()));
    }

    /** Whether every entry of {@code dir} is a folder that holds probe manifests (and there is at least one). */
    private static boolean selectionFolders(Path dir) {
        int[] seen = {0};
        boolean other = anyEntry(dir, e -> {
            seen[0]++;
            return !Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS) || !holdsManifests(e);
        });
        return !other && seen[0] > 0;
    }

    /** Whether a bounded listing of {@code dir} has an entry matching; an unreadable directory has none. */
    private static boolean anyEntry(Path dir, java.util.function.Predicate<Path> test) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            Iterator<Path> it = entries.iterator();
            for (int n = 0; n < MAX_ENTRIES && it.hasNext(); n++) {
                if (test.test(it.next())) return true;
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static String where(Path real, Path capture) {
        return real.equals(capture) ? "is" : "lies inside";
    }
}
