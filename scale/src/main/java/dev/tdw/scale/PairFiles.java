package dev.tdw.scale;

import dev.tdw.model.compare.ScanPart;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The two files of one pair, as a task receives them: the texts of their paths, each under its {@link Root}; with the
 * parts of its big tensor pairs that other tasks scanned, by key ({@code --tensors}; else empty).
 */
record PairFiles(String left, String right, Map<String, List<ScanPart>> scanned) implements Serializable {
    PairFiles(String left, String right) {
        this(left, right, Map.of());
    }
}
