package dev.tdw.scale;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.PayloadFiles;
import dev.tdw.model.compare.ScanPart;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.format.CaptureLoader;
import dev.tdw.model.input.InputException;
import dev.tdw.model.report.AllPairsJson;
import dev.tdw.model.report.DumpFormat;
import dev.tdw.model.report.Envelope;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.RunsJson;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.text.SafeText;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code spark-submit --class dev.tdw.scale.CompareJob tdw-scale.jar --left URI --right URI (--all | --tensors) --out URI}:
 * two capture roots compared on Spark, one task per pair (and per part of a big tensor pair), into the JSON
 * {@code tdw diff --all} or {@code tdw tensors} prints for the same roots, byte for byte (docs/scale.md); with
 * {@code --left-runs URI --right-runs URI}, {@code tdw diff}'s judgement of repeated runs. The driver reads the manifests and pairs them as the command
 * line does; the tasks compare; the driver reduces their results with the model's own analysis and writes the result
 * once ({@link ResultFile}). Exit codes as the command line's: 0 ran, 2 unusable input, 3 internal, 4 output not written.
 */
public final class CompareJob {
    static final int RAN = 0, UNUSABLE = 2, INTERNAL = 3, OUTPUT_FAILED = 4;

    private final JavaSparkContext spark;
    private final Tasks<PairFiles, TensorsTask.Outcome> tensors;
    private final Tasks<PartTask.Part, ScanPart> parts;

    /** How a kind of task is made from the options and roots (a test may wrap them). */
    @FunctionalInterface
    interface Tasks<T, R> {
        Function<T, R> of(JobOptions o, Root left, Root right);
    }

    CompareJob(JavaSparkContext spark, Tasks<PairFiles, TensorsTask.Outcome> tensors, Tasks<PartTask.Part, ScanPart> parts) {
        this.spark = spark;
        this.tensors = tensors;
        this.parts = parts;
    }

    public static void main(String[] args) {
        int exit;
        try (JavaSparkContext spark = new JavaSparkContext(new SparkConf().setAppName("tdw compare"))) {
            exit = run(spark, args, System.err);
        }
        System.exit(exit);
    }

    /** Runs the job on {@code spark}; messages go to {@code err}. */
    static int run(JavaSparkContext spark, String[] args, PrintStream err) {
        return new CompareJob(spark, TensorsTask::new, PartTask::new).execute(args, err);
    }

    int execute(String[] args, PrintStream err) {
        JobOptions o;
        try {
            o = JobOptions.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            err.println("tdw-scale: " + SafeText.of(e.getMessage()));
            return UNUSABLE;
        }
        ResultFile out;
        try {
            out = ResultFile.create(o.out(), spark.hadoopConfiguration());
        } catch (IOException e) {
            err.println("tdw-scale: " + SafeText.of(e.getMessage()));
            return OUTPUT_FAILED;
        }
        try {
            long started = System.nanoTime();
            Root left = Root.of(o.left(), spark.hadoopConfiguration()), right = Root.of(o.right(), spark.hadoopConfiguration());
            String json = switch (o.mode()) {
                case ALL -> all(o, left, right);
                case TENSORS -> tensors(o, left, right, err);
                case RUNS -> runs(o, left, right);
            };
            try {
                out.write(json);
            } catch (IOException e) {
                err.println("tdw-scale: " + SafeText.of(e.getMessage()));
                return OUTPUT_FAILED;
            }
            // The job's own time, without Spark's start: what bench/scale.sh divides the input by.
            err.printf(java.util.Locale.ROOT, "tdw-scale: wrote %s in %.3f s%n", SafeText.of(o.out()), (System.nanoTime() - started) / 1e9);
            return RAN;
        } catch (Unusable | IOException e) {
            err.println("tdw-scale: " + SafeText.of(e.getMessage()));
            return UNUSABLE;
        } catch (Exception e) {
            // A task that failed as often as Spark tries one (spark.task.maxFailures) stops the job: Spark's message
            // names the task and its last failure.
            String message = String.valueOf(e.getMessage());
            int line = message.indexOf('\n');
            err.println("tdw-scale: the job stopped, nothing was written: " + SafeText.of(line < 0 ? message : message.substring(0, line)));
            return INTERNAL;
        } finally {
            out.discard();
        }
    }

    /** Input the job cannot use; its message names the file and the cause. */
    static final class Unusable extends Exception {
        Unusable(String message) { super(message); }
    }

    /** {@code tdw diff --all}'s JSON: the pairs' diffs made by the tasks, everything else by the model's analysis. */
    private String all(JobOptions o, Root left, Root right) throws Unusable {
        List<LoadProblem> problems = new ArrayList<>();
        CaptureDirectory l = load(left, problems), r = load(right, problems);
        sameFormat(l.manifests().get(0), r.manifests().get(0));
        StatisticsTask task = new StatisticsTask(o.atol(), o.rtol(), left, right);
        AllPairsResult result = AllPairsAnalysis.of(l, r, new Tolerance(o.atol(), o.rtol()), (pairs, tol) -> {
            List<PairFiles> files = pairs.stream().map(p -> new PairFiles(p.left().path().toString(), p.right().path().toString())).toList();
            List<StatisticsTask.Diff> diffs = files.isEmpty() ? List.of() : spark.parallelize(files, files.size()).map(task).collect();
            List<DiffResult> out = new ArrayList<>(diffs.size());
            for (int i = 0; i < diffs.size(); i++) out.add(diffs.get(i).with(pairs.get(i).left(), pairs.get(i).right(), tol));
            return out;
        });
        ObjectNode json = DumpFormat.named(AllPairsJson.of(result, p -> show(p, left, right)), l.manifests());
        if (!problems.isEmpty()) json.set("problems", Json.strings(problems.stream().map(LoadProblem::message).toList()));
        return Json.write(json) + "\n";
    }

    /**
     * {@code tdw diff --left-runs --right-runs}' JSON: the runs read as the command line reads them
     * ({@link RunFolders#load}) and judged by the model ({@link RunsAnalysis}). Runs are judged by their manifests'
     * statistics alone, which the driver holds anyway: no task is started.
     */
    private String runs(JobOptions o, Root left, Root right) throws Unusable {
        List<LoadProblem> problems = new ArrayList<>();
        List<Run> l = runsOf(left, problems), r = runsOf(right, problems);
        RunsResult result;
        try {
            result = RunsAnalysis.of(l, r, new Tolerance(o.atol(), o.rtol()), o.noiseFactor());
        } catch (IllegalArgumentException e) {
            throw new Unusable(e.getMessage());
        }
        ObjectNode json = DumpFormat.named(RunsJson.of(result, p -> show(p, left, right)), l.stream().map(Run::manifest).toList());
        if (!problems.isEmpty()) json.set("problems", Json.strings(problems.stream().map(LoadProblem::message).toList()));
        return Json.write(json) + "\n";
    }

    private static List<Run> runsOf(Root root, List<LoadProblem> problems) throws Unusable {
        try {
            return RunFolders.load(root.path(), dir -> load(dir, problems));
        } catch (IllegalArgumentException e) {
            throw new Unusable(e.getMessage());
        }
    }

    /** {@code tdw tensors}' JSON for two capture directories: one task per pair, a pair that cannot be read listed. */
    private String tensors(JobOptions o, Root left, Root right, PrintStream err) throws Unusable {
        List<LoadProblem> problems = new ArrayList<>();
        CaptureDirectory l = load(left, problems), r = load(right, problems);
        sameFormat(l.manifests().get(0), r.manifests().get(0));
        CapturePairing pairing = CapturePairing.of(l, r);
        List<CapturePairing.Ambiguity> ambiguous = pairing.ambiguousIn(null, null, null);
        if (!ambiguous.isEmpty()) {
            throw new Unusable("ambiguous pairing: " + Wording.ambiguity(ambiguous.get(0), p -> show(p, left, right))
                    + "; which one to compare cannot be decided: give the folder of one capture");
        }
        if (pairing.pairs().isEmpty()) {
            throw new Unusable("no manifest pair of " + o.left() + " and " + o.right() + " (" + pairing.method().description() + ")");
        }
        List<PairFiles> files = new ArrayList<>();
        for (CapturePairing.ManifestPair p : pairing.pairs()) {
            try {
                files.add(new PairFiles(PayloadFiles.of(left.path(), p.left()).toString(),
                        PayloadFiles.of(right.path(), p.right()).toString()));
            } catch (InputException e) {
                problems.add(new LoadProblem(p.left().path(), LoadProblem.Kind.REFUSED, e.getMessage()));
            }
        }
        files = scanBigPairs(o, left, right, files, err);
        List<TensorsTask.Outcome> outcomes = files.isEmpty() ? List.of()
                : spark.parallelize(files, files.size()).map(tensors.of(o, left, right)).collect();
        List<String> results = new ArrayList<>();
        List<TensorsVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            TensorsTask.Outcome t = outcomes.get(i);
            if (t.problem() != null) {
                problems.add(new LoadProblem(left.file(files.get(i).left()), LoadProblem.Kind.REFUSED, t.problem()));
            } else {
                results.add(t.json());
                verdicts.add(t.verdict());
            }
        }
        if (verdicts.isEmpty()) {
            throw new Unusable("no pair of " + o.left() + " and " + o.right() + " could be compared (" + problems.size()
                    + " skipped; the first: " + problems.get(0).message() + ")");
        }
        String worst = verdicts.stream().min(Comparator.naturalOrder()).orElseThrow().name();
        List<String> messages = problems.stream().map(LoadProblem::message).toList();
        StringWriter out = new StringWriter();
        if (results.size() > 1) {
            Envelope envelope = Envelope.start(out, "tensors", pairing.method().description());
            for (String json : results) envelope.result(parse(json));
            envelope.end(worst, Map.of(), messages);
        } else {
            ObjectNode json = (ObjectNode) parse(results.get(0));
            json.put("pairing", pairing.method().description());
            if (!messages.isEmpty()) json.set("problems", Json.strings(messages));
            Json.write(json, out);
        }
        return out + "\n";
    }

    /**
     * The tensor pairs of more than {@code --part-elements} elements, scanned in parts, one task each; the pairs' files
     * again, each with its parts in order. The driver opens each pair's payloads to find them (directories and
     * pickles only); a pair whose payloads it cannot open is left to its own task, which lists it.
     */
    private List<PairFiles> scanBigPairs(JobOptions o, Root left, Root right, List<PairFiles> files, PrintStream err) {
        TensorComparison comparison = new TensorComparison(o.atol(), o.rtol(), o.maxElements());
        long wavesPerPart = o.partElements() / TensorComparison.WAVE_ELEMENTS;
        List<PartTask.Part> parts = new ArrayList<>();
        for (PairFiles f : files) {
            try (Payload lp = PayloadFiles.open(left.file(f.left())); Payload rp = PayloadFiles.open(right.file(f.right()))) {
                Map<String, PayloadEntry> rightByKey = new HashMap<>();
                rp.entries().forEach(e -> rightByKey.put(e.key(), e));
                for (PayloadEntry l : lp.entries()) {
                    PayloadEntry r = rightByKey.get(l.key());
                    if (r == null || !comparison.comparesByParts(l, r) || l.tensor().numel() <= o.partElements()) continue;
                    long waves = TensorComparison.waves(l.tensor().numel());
                    for (long w = 0; w < waves; w += wavesPerPart) parts.add(new PartTask.Part(f, l.key(), w, Math.min(waves, w + wavesPerPart)));
                }
            } catch (InputException e) {
                // Listed by the pair's own task, with the other pairs' problems.
            }
        }
        if (parts.isEmpty()) return files;
        err.printf(java.util.Locale.ROOT, "tdw-scale: %d tensor pairs of more than %d elements, in %d parts%n",
                parts.stream().map(p -> p.files().left() + "\n" + p.key()).distinct().count(), o.partElements(), parts.size());
        List<ScanPart> scanned = spark.parallelize(parts, parts.size()).map(this.parts.of(o, left, right)).collect();
        Map<PairFiles, Map<String, List<ScanPart>>> byPair = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            PartTask.Part p = parts.get(i);
            byPair.computeIfAbsent(p.files(), k -> new HashMap<>()).computeIfAbsent(p.key(), k -> new ArrayList<>()).add(scanned.get(i));
        }
        return files.stream().map(f -> new PairFiles(f.left(), f.right(), byPair.getOrDefault(f, Map.of()))).toList();
    }

    private static com.fasterxml.jackson.databind.JsonNode parse(String json) {
        try {
            return Json.mapper().readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException("a task's result is not JSON", e);
        }
    }

    /** A capture root as the command line loads it; its problems are added, each once. */
    private static CaptureDirectory load(Root root, List<LoadProblem> problems) throws Unusable {
        CaptureDirectory d = load(root.path(), problems);
        if (d.manifests().isEmpty()) throw new Unusable(root.given() + ": no readable manifest ({label}-rank{N}.json) in this directory");
        return d;
    }

    /** A capture directory as the command line loads it; its problems are added, each once. */
    private static CaptureDirectory load(Path dir, List<LoadProblem> problems) throws Unusable {
        try {
            CaptureDirectory d = new CaptureLoader().load(dir);
            d.problems().stream().filter(p -> !problems.contains(p)).forEach(problems::add);
            return d;
        } catch (InputException e) {
            throw new Unusable(e.getMessage());
        }
    }

    private static void sameFormat(Manifest left, Manifest right) throws Unusable {
        var mixed = DumpFormat.mixed(left, right);
        if (mixed.isPresent()) throw new Unusable(mixed.get());
    }

    /** A path of either root as the user gave the root. */
    private static String show(Path p, Root left, Root right) {
        Path abs = p.toAbsolutePath().normalize();
        if (abs.startsWith(left.path())) return left.show(p);
        if (abs.startsWith(right.path())) return right.show(p);
        return p.toString();
    }
}
