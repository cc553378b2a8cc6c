package dev.tdw.model.msprobe;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.LoadProgress;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * An msprobe dump as tdw's capture: {@code dump_path/step{N}/rank{R}/dump.json} (or {@code proc{pid}/} without ranks,
 * ignored when rank folders exist, as msprobe does), one manifest per (step, rank): label {@code step{N}}, match index
 * N, rank R. Also a step folder, a rank folder, or one {@code dump.json}: the folders above it name its step and rank.
 */
public final class MsprobeDump {
    public static final String DUMP_FILE = "dump.json";
    private static final Pattern STEP = Pattern.compile("step(\\d{1,9})");
    private static final Pattern RANK = Pattern.compile("rank(\\d{0,9})");
    private static final Pattern PROC = Pattern.compile("proc\\d{1,9}");

    private final JsonFiles files;
    private final DumpJsonReader reader;
    private final SideFiles sides;
    private final boolean searchBackward;
    private final MsprobePairing pairing;

    public MsprobeDump() { this(MsprobeLimits.DEFAULTS, false); }

    /** @param searchBackward whether the diff searches backward stages for the first divergence too (off by default) */
    public MsprobeDump(boolean searchBackward) { this(MsprobeLimits.DEFAULTS, searchBackward); }

    public MsprobeDump(MsprobeLimits limits, boolean searchBackward) { this(limits, searchBackward, MsprobePairing.EXACT); }

    /** @param pairing how stages pair in a diff ({@link MsprobePairing}); outputs say when it is fuzzy */
    public MsprobeDump(MsprobeLimits limits, boolean searchBackward, MsprobePairing pairing) {
        this.searchBackward = searchBackward;
        this.pairing = pairing;
        this.files = new JsonFiles(limits);
        this.reader = new DumpJsonReader(files, pairing);
        this.sides = new SideFiles(files);
    }

    /** Whether {@code path} is an msprobe dump: a {@code dump.json}, or a folder with one at the top, in a rank folder or under a step folder. */
    public static boolean detect(Path path) {
        if (Files.isRegularFile(path)) return path.getFileName() != null && path.getFileName().toString().equals(DUMP_FILE);
        if (!Files.isDirectory(path)) return false;
        if (Files.isRegularFile(path.resolve(DUMP_FILE))) return true;
        try (Stream<Path> children = Files.list(path)) {
            // A bounded look: the first few hundred entries decide (a dump root holds step folders only).
            return children.limit(1000).anyMatch(c -> {
                String name = c.getFileName().toString();
                if (RANK.matcher(name).matches() || PROC.matcher(name).matches()) return Files.isRegularFile(c.resolve(DUMP_FILE));
                return STEP.matcher(name).matches() && Files.isDirectory(c);
            });
        } catch (IOException e) {
            return false;
        }
    }

    /** Every (step, rank) of the dump at {@code path}, steps then ranks in number order. */
    public CaptureDirectory load(Path path) throws CaptureFormatException { return load(path, LoadProgress.NONE); }

    /**
     * {@link #load(Path)} telling {@code progress} after each {@code dump.json}; cancelled between them
     * ({@link CancellationException}). A {@code stack.json} or {@code construct.json} that cannot be read is a problem
     * of the directory: its dump loads without it. A {@code dump.json} that cannot be read refuses the dump (it is the
     * evidence; a step or rank missing from a comparison would be wrong without saying so).
     */
    public CaptureDirectory load(Path path, LoadProgress progress) throws CaptureFormatException {
        List<Path> dumps = dumps(path);
        List<Manifest> manifests = new ArrayList<>(dumps.size());
        List<LoadProblem> problems = new ArrayList<>();
        progress.progress(0, dumps.size(), "found " + dumps.size() + " dump.json files");
        for (Path dump : dumps) {
            if (progress.cancelled()) throw new CancellationException("loading " + path + " was cancelled");
            manifests.add(read(dump, problems));
            progress.progress(manifests.size(), dumps.size(), SafeText.of(path.relativize(dump)));
        }
        return new CaptureDirectory(root(path), manifests, problems);
    }

    /**
     * The dump at {@code path} as {@link #load} finds it, without reading any {@code dump.json}: each manifest is its
     * header (path, label, step, rank, format; no records, no metadata), read in full by {@link #read(Path, List)} when
     * it is needed. Step and rank come from the folders' names alone, so the pairing of two dumps is decided here; what
     * compares every pair then holds one pair's stages at a time, not every pair's.
     */
    public CaptureDirectory index(Path path) throws CaptureFormatException {
        List<Manifest> headers = new ArrayList<>();
        for (Path dump : dumps(path)) {
            Place at = place(dump);
            headers.add(configured(DumpJsonReader.manifest(dump, at.label, at.step, at.rank, Map.of(), List.of())));
        }
        return new CaptureDirectory(root(path), headers, List.of());
    }

    private static Path root(Path path) { return Files.isRegularFile(path) ? path.toAbsolutePath().getParent() : path; }

    /** The dump.json files of the dump at {@code path}, steps then ranks in number order. */
    private List<Path> dumps(Path path) throws CaptureFormatException {
        List<Path> dumps = new ArrayList<>();
        if (Files.isRegularFile(path)) {
            dumps.add(path);
        } else if (Files.isRegularFile(path.resolve(DUMP_FILE))) {
            dumps.add(path.resolve(DUMP_FILE));
        } else {
            List<Path> steps = folders(path, STEP);
            if (steps.isEmpty()) {
                dumps.addAll(step(path));
            } else {
                for (Path s : steps) dumps.addAll(step(s));
            }
        }
        if (dumps.isEmpty()) throw new CaptureFormatException(path, "no dump.json in this msprobe dump (step*/rank*/dump.json)");
        return dumps;
    }

    /** One step folder's dump.json files: its rank folders, or its proc folders when it has no rank folder. */
    private List<Path> step(Path step) throws CaptureFormatException {
        List<Path> ranks = folders(step, RANK);
        if (ranks.isEmpty()) ranks = folders(step, PROC);
        List<Path> out = new ArrayList<>();
        for (Path r : ranks) {
            Path dump = r.resolve(DUMP_FILE);
            if (!Files.exists(dump)) throw new CaptureFormatException(r, "a rank folder without dump.json");
            out.add(dump);
        }
        return out;
    }

    /** The sub-folders of {@code dir} whose names match, in number order; bounded by {@link MsprobeLimits#maxFolders()}. */
    private List<Path> folders(Path dir, Pattern name) throws CaptureFormatException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> children = Files.list(dir)) {
            var it = children.iterator();
            while (it.hasNext()) {
                Path c = it.next();
                if (name.matcher(c.getFileName().toString()).matches() && Files.isDirectory(c)) {
                    if (out.size() >= files.limits().maxFolders()) {
                        throw new CaptureFormatException(dir, "more than " + files.limits().maxFolders() + " step or rank folders; refused");
                    }
                    out.add(c);
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new CaptureFormatException(dir, "cannot list this folder (" + e.getMessage() + ")", e);
        }
        out.sort(Comparator.comparingLong(MsprobeDump::number).thenComparing(Path::toString));
        return out;
    }

    /**
     * One {@code dump.json} with the construct.json and stack.json beside it; step and rank from its folders. Refused
     * when either of those cannot be read (use {@link #load} to load without them).
     */
    public Manifest read(Path dump) throws CaptureFormatException { return read(dump, null); }

    /**
     * {@link #read(Path)}, or with {@code problems} a {@code construct.json} or {@code stack.json} that cannot be read
     * is added there and the dump is read without it.
     *
     * @param problems where a side file that cannot be read goes; null refuses the dump with it
     */
    public Manifest read(Path dump, List<LoadProblem> problems) throws CaptureFormatException {
        Path folder = dump.toAbsolutePath().getParent();
        Place at = place(dump);
        Map<String, List<String>> modules = folder == null ? Map.of() : context(folder.resolve("construct.json"), sides::construct, problems);
        Map<String, List<String>> stacks = folder == null ? Map.of() : context(folder.resolve("stack.json"), sides::stacks, problems);
        return configured(reader.read(dump, at.label, at.step, at.rank, modules, stacks));
    }

    /** A dump's label, step and rank, from the names of its folders. */
    private record Place(String label, Integer step, Integer rank) {}

    private static Place place(Path dump) {
        Path folder = dump.toAbsolutePath().getParent();
        Integer rank = null, step = null;
        String label = "step?";
        if (folder != null) {
            Matcher r = RANK.matcher(folder.getFileName() == null ? "" : folder.getFileName().toString());
            if (r.matches() && !r.group(1).isEmpty()) rank = Integer.parseInt(r.group(1));
            Path up = folder.getParent();
            Matcher s = STEP.matcher(up == null || up.getFileName() == null ? "" : up.getFileName().toString());
            if (s.matches()) {
                step = Integer.parseInt(s.group(1));
                label = "step" + step;
            }
        }
        return new Place(label, step, rank);
    }

    /** A manifest of this dump as this reader's options make it: searched backward or not, paired as asked. */
    private Manifest configured(Manifest read) {
        Manifest m = searchingBackward(read, searchBackward);
        if (pairing == MsprobePairing.EXACT) return m;
        // How the dump's stages were keyed travels with its manifests, so every output can say the pairing was fuzzy.
        Map<String, Object> extra = new java.util.LinkedHashMap<>(m.extra());
        extra.put(MsprobeEntry.PAIRING, pairing);
        return withExtra(m, extra);
    }

    /**
     * The same capture with its msprobe manifests searching backward stages for the first divergence or not (a switch
     * of the window: no file is read again); probe manifests are unchanged.
     */
    public static CaptureDirectory searchingBackward(CaptureDirectory d, boolean backward) {
        return new CaptureDirectory(d.root(), d.manifests().stream().map(m -> searchingBackward(m, backward)).toList(), d.problems());
    }

    private static Manifest searchingBackward(Manifest m, boolean backward) {
        if (!MsprobeEntry.isMsprobe(m) || m.extra().containsKey(MsprobeEntry.SEARCH_BACKWARD) == backward) return m;
        // How the dump is searched travels with its manifests, so every analysis built on the diff searches alike.
        Map<String, Object> extra = new java.util.LinkedHashMap<>(m.extra());
        if (backward) extra.put(MsprobeEntry.SEARCH_BACKWARD, true);
        else extra.remove(MsprobeEntry.SEARCH_BACKWARD);
        return withExtra(m, extra);
    }

    private static Manifest withExtra(Manifest m, Map<String, Object> extra) {
        return new Manifest(m.path(), m.probe(), m.label(), m.rank(), m.matchIndex(), m.occurrence(), m.metadata(), m.stats(),
                m.records(), m.graphSlots(), m.tensorFile(), extra);
    }

    private interface SideRead {
        Map<String, List<String>> read(Path file) throws CaptureFormatException;
    }

    /** A side file's content, or none with a problem naming the file when it cannot be read: it is context, not evidence. */
    private static Map<String, List<String>> context(Path file, SideRead read, List<LoadProblem> problems) throws CaptureFormatException {
        try {
            return read.read(file);
        } catch (CaptureFormatException e) {
            if (problems == null) throw e;
            problems.add(new LoadProblem(file, LoadProblem.Kind.CONTEXT_NOT_USED, e.getMessage() + "; the dump beside it loaded without it"));
            return Map.of();
        }
    }

    /**
     * The dump a {@code dump.json} belongs to (msprobe's {@code dump_path}): the folder above {@code step{N}/rank{R}/}
     * (or {@code step{N}/proc{pid}/}) when its folders are named so, else the folder holding it. Nothing is written
     * inside it.
     */
    public static Path rootOf(Path dumpJson) throws IOException {
        Path folder = dumpJson.toRealPath().getParent();
        if (folder == null || folder.getFileName() == null) return folder;
        String name = folder.getFileName().toString();
        Path step = folder.getParent();
        boolean inRank = RANK.matcher(name).matches() || PROC.matcher(name).matches();
        if (inRank && step != null && step.getFileName() != null && STEP.matcher(step.getFileName().toString()).matches()
                && step.getParent() != null) {
            return step.getParent();
        }
        return folder;
    }

    private static long number(Path p) {
        String digits = p.getFileName().toString().replaceAll("\\D", "");
        return digits.isEmpty() ? -1 : Long.parseLong(digits);
    }
}
