package dev.tdw.bridge.ascend;

import java.nio.file.Path;
import java.util.List;

/**
 * The CANN libraries to load, from one directory: the runtime ({@code libascendcl.so}), the operator-object library
 * ({@code libnnopbase.so}) and the operator libraries in lookup order: each {@code libopapi_*.so} (current CANN splits
 * them), then {@code libopapi.so} (older releases have only that one).
 */
public record AscendLibraries(Path runtime, Path operatorObjects, List<Path> operatorLibraries) {
    public AscendLibraries {
        operatorLibraries = List.copyOf(operatorLibraries);
        if (operatorLibraries.isEmpty()) throw new IllegalArgumentException("no operator library");
    }

    /** Every library in load order: runtime, operator objects, operators. */
    public List<Path> all() {
        var all = new java.util.ArrayList<Path>();
        all.add(runtime);
        all.add(operatorObjects);
        all.addAll(operatorLibraries);
        return all;
    }
}
