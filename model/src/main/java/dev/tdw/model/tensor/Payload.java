package dev.tdw.model.tensor;

import dev.tdw.model.key.StageKey;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A probe payload read by {@link PayloadReader}: the dict {@code torch.save} wrote, with its tensors flattened to
 * contract keys in the order tensors, inputs, graph slots.
 *
 * <p>Tensors are views of storages mapped from the file: use them only while the payload is open, and close it
 * (try-with-resources) when done.
 *
 * @param probe     the probe marker, null when the payload has none
 * @param label     the request label, null when missing
 * @param rank      the global rank, null when missing
 * @param metadata  the free-form metadata as plain Java values (String, Long or BigInteger, Double, Boolean, null,
 *                  List, Map with String keys; a tensor inside stays a {@link Tensor}), in pickle order
 * @param entries   flattened entries in contract order
 * @param inputSets the {@code inputs} list, one item per captured input set
 */
public record Payload(Path path, String probe, String label, Long rank, Map<String, Object> metadata,
                      List<PayloadEntry> entries, List<InputSet> inputSets, PayloadMapping mapping)
        implements AutoCloseable {

    public Payload {
        entries = List.copyOf(entries);
        inputSets = List.copyOf(inputSets);
    }

    public Optional<PayloadEntry> entry(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).findFirst();
    }

    /**
     * The entries of one capture stage (its saved tensors and input sets), in contract order; every entry when
     * {@code stage} is null. Only these are read by a comparison of that stage: a remote payload fetches nothing else.
     */
    public List<PayloadEntry> entriesOf(String stage) {
        return stage == null ? entries : entries.stream().filter(e -> e.section() != PayloadEntry.Section.GRAPH_SLOTS
                && e.stage().equals(stage)).toList();
    }

    /** Per input-set stage in first-capture order: occurrences, sorted input names and addressable range. */
    public List<InputSetSummary> listInputSets() {
        Map<String, List<InputSet>> byStage = new LinkedHashMap<>();
        for (InputSet set : inputSets) byStage.computeIfAbsent(set.stage(), s -> new ArrayList<>()).add(set);
        List<InputSetSummary> out = new ArrayList<>();
        byStage.forEach((stage, sets) -> {
            TreeSet<String> names = new TreeSet<>();
            sets.forEach(s -> names.addAll(s.names()));
            out.add(new InputSetSummary(stage, sets.size(), List.copyOf(names),
                    StageKey.range(stage, sets.size())));
        });
        return out;
    }

    @Override
    public void close() {
        mapping.close();
    }
}
