package dev.tdw.model.sets;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.msprobe.MsprobeDump;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A capture root that holds repeated runs of one configuration: every manifest in its own {@code run*} folder directly
 * under the root ({@code baseline/run1/..., baseline/run2/...}). Runs are ordered by their number, run2 before run10.
 */
public final class RunFolders {
    /** More run folders than this is not a set of repeated runs but a mistake; refused rather than compared. */
    public static final int MAX_RUNS = 1000;
    private static final Pattern RUN_NAME = CaptureDirectory.RUN_FOLDER;
    private static final Comparator<String> RUN_ORDER = Comparator.comparingLong(RunFolders::number).thenComparing(Comparator.naturalOrder());

    private RunFolders() {}

    /**
     * The runs of a root.
     *
     * @throws IllegalArgumentException naming the root and why it is not a folder of runs
     */
    public static List<Run> of(CaptureDirectory dir) {
        Map<String, List<Manifest>> byFolder = new TreeMap<>(RUN_ORDER);
        for (Manifest m : dir.manifests()) {
            Path relative = dir.root().relativize(m.path());
            String folder = relative.getNameCount() == 2 ? relative.getName(0).toString() : null;
            if (folder == null || !RUN_NAME.matcher(folder).matches()) {
                throw new IllegalArgumentException(dir.root() + ": " + relative + " is not directly inside a run*/ folder");
            }
            byFolder.computeIfAbsent(folder, k -> new ArrayList<>()).add(m);
        }
        if (byFolder.isEmpty()) throw new IllegalArgumentException(dir.root() + ": no run*/ folder with a manifest in this directory");
        if (byFolder.size() > MAX_RUNS) throw new IllegalArgumentException(dir.root() + ": more than " + MAX_RUNS + " run folders; refused");
        List<Run> runs = new ArrayList<>(byFolder.size());
        for (Map.Entry<String, List<Manifest>> e : byFolder.entrySet()) {
            if (e.getValue().size() != 1) {
                throw new IllegalArgumentException(dir.root().resolve(e.getKey()) + ": holds " + e.getValue().size()
                        + " manifests; a run is one manifest");
            }
            runs.add(new Run(dir.root().resolve(e.getKey()), e.getValue().get(0)));
        }
        return runs;
    }

    /**
     * The {@code run*} folders directly under {@code root}, in run order (run2 before run10): the runs of a root whose
     * runs are not probe manifests (an msprobe dump in each).
     *
     * @throws IllegalArgumentException naming the root when it cannot be listed or holds more than {@link #MAX_RUNS}
     */
    public static List<Path> folders(Path root) {
        List<String> names = new ArrayList<>();
        try (java.util.stream.Stream<Path> children = java.nio.file.Files.list(root)) {
            var it = children.iterator();
            while (it.hasNext()) {
                Path c = it.next();
                if (RUN_NAME.matcher(c.getFileName().toString()).matches() && java.nio.file.Files.isDirectory(c)) {
                    if (names.size() >= MAX_RUNS) throw new IllegalArgumentException(root + ": more than " + MAX_RUNS + " run folders; refused");
                    names.add(c.getFileName().toString());
                }
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new IllegalArgumentException(root + ": cannot list this folder (" + e.getMessage() + ")", e);
        }
        names.sort(RUN_ORDER);
        return names.stream().map(root::resolve).toList();
    }

    /** Loads a capture directory as the caller reads captures (its options, where its problems go). */
    @FunctionalInterface
    public interface Loader<E extends Exception> {
        CaptureDirectory load(Path dir) throws E;
    }

    /**
     * The runs of a folder of {@code run*} folders ({@code --left-runs DIR}): probe runs from the folder's manifests
     * ({@link #of}); msprobe dumps folder by folder, each {@code run*} folder a dump of one step and rank
     * (docs/msprobe.md). The command line and the scale-out job (scale/) read runs here.
     *
     * @throws IllegalArgumentException naming the folder or run when it is not a folder of runs
     */
    public static <E extends Exception> List<Run> load(Path folder, Loader<E> loader) throws E {
        if (!java.nio.file.Files.isDirectory(folder)) throw new IllegalArgumentException(folder + ": not a directory of run*/ folders");
        List<Path> runs = folders(folder);
        if (!runs.isEmpty() && MsprobeDump.detect(runs.get(0))) {
            List<Run> out = new ArrayList<>(runs.size());
            for (Path r : runs) out.add(run(r, loader.load(r)));
            return out;
        }
        return of(loader.load(folder));
    }

    /**
     * The run of a folder: the one manifest it holds.
     *
     * @throws IllegalArgumentException naming the folder when it holds another number of manifests
     */
    public static Run run(Path folder, CaptureDirectory loaded) {
        if (loaded.manifests().size() != 1) {
            throw new IllegalArgumentException(folder + ": holds " + loaded.manifests().size() + " manifests; a run is one manifest "
                    + "(give the manifest itself, or compare two roots of several with --all)");
        }
        return new Run(folder, loaded.manifests().get(0));
    }

    /** The runs of a root, or empty when it is not a folder of runs. */
    public static Optional<List<Run>> detect(CaptureDirectory dir) {
        try {
            return Optional.of(of(dir));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Both sides' runs, when each side is a folder of runs ({@link #detect}). */
    public record Sides(List<Run> left, List<Run> right) {
        public Sides {
            left = List.copyOf(left);
            right = List.copyOf(right);
        }
    }

    /**
     * The rule that makes two capture roots repeated runs rather than a pair of captures (the workbench and
     * {@code tdw next} both ask it): each is a folder of runs and at least one side has several. Empty otherwise.
     */
    public static Optional<Sides> sides(CaptureDirectory left, CaptureDirectory right) {
        Optional<List<Run>> l = detect(left), r = detect(right);
        if (l.isEmpty() || r.isEmpty() || (l.get().size() < 2 && r.get().size() < 2)) return Optional.empty();
        return Optional.of(new Sides(l.get(), r.get()));
    }

    private static long number(String folder) {
        Matcher m = RUN_NAME.matcher(folder);
        return m.matches() && !m.group(1).isEmpty() ? Long.parseLong(m.group(1)) : -1;
    }
}
