package dev.tdw.bridge.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.compare.StatisticsRecompute;
import dev.tdw.model.report.Json;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.Tensor;

import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.replay.RowLimit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.LinkOption;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Writes one replay's outputs: {@code candidate.pt} and {@code reference.pt} in the probe's payload
 * layout (so {@code tdw tensors} pairs them by key), and {@code replay.json} saying what ran where, with the sha256
 * of both payloads. The three are one result set: written into a new folder and published as the output folder by one
 * rename ({@link AtomicFiles#replaceFolder}), so a failed write leaves no part of a set and two replays into one folder
 * never mix their files. The output folder may not be or lie inside a capture, nor hold one or anything but an earlier
 * set ({@link OutputFolderPolicy#resultSetRefusal}): captures are never written.
 */
public final class ReplayOutputs {
    public static final String PROBE = "ascend-tensor-dump/1";

    public static final String CANDIDATE = "candidate.pt";
    public static final String REFERENCE = "reference.pt";
    public static final String MANIFEST = "replay.json";

    /** The files of a set: what an output folder may hold. */
    public static final Set<String> NAMES = Set.of(CANDIDATE, REFERENCE, MANIFEST);

    public record Files3(Path candidate, Path reference, Path manifest) {
        static Files3 in(Path dir) {
            return new Files3(dir.resolve(CANDIDATE), dir.resolve(REFERENCE), dir.resolve(MANIFEST));
        }
    }

    /** Reads a written set before it is published (the replay's comparison); a failure publishes nothing. */
    @FunctionalInterface
    public interface Check<E extends Exception> {
        void check(Files3 written) throws IOException, E;
    }

    private ReplayOutputs() {}

    /**
     * Writes the three files into a new folder, runs {@code check} on them there, and publishes the folder as
     * {@code outDir}, replacing an earlier set there.
     *
     * @param rowLimited the inputs saved with fewer rows than captured, when the user forced the replay on them (empty
     *                   otherwise): {@code replay.json} lists them with {@link RowLimit#FORCED_CAVEAT}
     * @param captures the captures the inputs came from: {@link OutputFolderPolicy} refuses a folder in any of them, or
     *                 in any directory holding probe manifests
     * @return the published files
     */
    public static <E extends Exception> Files3 write(ReplayResult result, ReplayRequest request, OperatorTolerances.Applied tolerance,
                                                     Path dump, List<RowLimit> rowLimited, Path outDir,
                                                     Collection<Path> captures, Check<E> check) throws IOException, E {
        Path out = OutputFolderPolicy.prepareResultSet(outDir, captures, NAMES);
        AtomicFiles.replaceFolder(out, NAMES, dir -> {
            Files3 files = Files3.in(dir);
            payload(result.label(), result.candidate()).write(files.candidate());
            payload(result.label(), result.reference()).write(files.reference());
            AtomicFiles.writeString(files.manifest(), Json.write(manifest(result, request, tolerance, dump, rowLimited, files)));
            check.check(files);
        });
        return Files3.in(out);
    }

    /** The replay files already in a folder, which a new replay there would replace. */
    public static List<Path> existing(Path outDir) {
        return Stream.of(CANDIDATE, REFERENCE, MANIFEST).map(outDir::resolve)
                .filter(p -> Files.exists(p, LinkOption.NOFOLLOW_LINKS)).toList();
    }

    private static PayloadWriter payload(String label, Map<String, Tensor> outputs) {
        // Ordered as the reference tool writes it; Map.of would shuffle the keys per JVM.
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("replay", true);
        metadata.put("non_tensor_outputs", Map.of());
        PayloadWriter w = new PayloadWriter(PROBE, label, 0, metadata);
        outputs.forEach(w::tensor);
        return w;
    }

    private static ObjectNode manifest(ReplayResult result, ReplayRequest request, OperatorTolerances.Applied tolerance, Path dump,
                                       List<RowLimit> rowLimited, Files3 files) throws IOException {
        ObjectNode o = Json.object();
        o.put("probe", PROBE);
        o.put("label", result.label());
        o.put("replay_of", request.key());
        o.put("dump", dump.toString());
        o.put("operator", result.operator());
        o.set("argument_order", Json.strings(request.argumentOrder()));
        ObjectNode bindings = o.putObject("bindings");
        result.bindings().forEach(bindings::put);
        o.put("candidate_runtime", result.candidateRuntime());
        o.put("reference_runtime", result.referenceRuntime());
        o.put("atol", tolerance.tolerance().atol());
        o.put("rtol", tolerance.tolerance().rtol());
        o.put("tolerance_origin", tolerance.origin());
        o.set("row_limited", Json.strings(rowLimited.stream().map(RowLimit::describe).toList()));
        if (!rowLimited.isEmpty()) o.put("caveat", RowLimit.FORCED_CAVEAT);
        o.set("candidate_outputs", outputs(result.candidate()));
        o.set("reference_outputs", outputs(result.reference()));
        o.put("candidate_file", files.candidate().getFileName().toString());
        o.put("candidate_sha256", AtomicFiles.sha256(files.candidate()));
        o.put("reference_file", files.reference().getFileName().toString());
        o.put("reference_sha256", AtomicFiles.sha256(files.reference()));
        o.put("note", "A passing replay says the operator's contract holds on these inputs; it does not fix the model.");
        return o;
    }

    private static ObjectNode outputs(Map<String, Tensor> tensors) throws PayloadFormatException {
        ObjectNode o = Json.object();
        for (Map.Entry<String, Tensor> output : tensors.entrySet()) {
            Tensor t = output.getValue();
            ObjectNode e = o.putObject(output.getKey());
            e.set("shape", Json.longs(Arrays.stream(t.shape()).boxed().toList()));
            e.put("dtype", t.dtype().torchName());
            StatisticsRecompute.recompute(t).ifPresent(s -> e.set("summary", Json.plain(s.asMap())));
        }
        return o;
    }
}
