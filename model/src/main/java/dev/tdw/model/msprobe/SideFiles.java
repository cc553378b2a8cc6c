package dev.tdw.model.msprobe;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tdw.model.capture.CaptureFormatException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files beside a {@code dump.json}: {@code construct.json} (op or module -> parent module, null at the top; an
 * empty object at level L1) and {@code stack.json} (id -> [[op, ...], [frame, ...]]). Streamed and bounded by
 * {@link MsprobeLimits#maxSideValues()}; a missing file is an empty map (msprobe writes them, but a copied dump may
 * lack them, and they are context, not evidence). A file that cannot be read is refused here; {@link MsprobeDump} then
 * loads the dump without it.
 */
final class SideFiles {
    private final JsonFiles files;

    SideFiles(JsonFiles files) { this.files = files; }

    /** op or module -> its enclosing modules, outermost first (the lists are shared between siblings). */
    Map<String, List<String>> construct(Path file) throws CaptureFormatException {
        if (!java.nio.file.Files.exists(file)) return Map.of();
        return chains(file, parents(file));
    }

    private Map<String, String> parents(Path file) throws CaptureFormatException {
        return files.read(file, p -> {
            Map<String, String> parents = new HashMap<>();
            if (p.nextToken() != JsonToken.START_OBJECT) throw JsonFiles.refused(file, p, "construct.json is one JSON object");
            long values = 0;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String op = p.currentName();
                JsonToken t = p.nextToken();
                count(file, p, ++values);
                if (t == JsonToken.VALUE_STRING) parents.put(op, p.getText());
                else if (t != JsonToken.VALUE_NULL) throw JsonFiles.refused(file, p, "the parent of an op must be a module name or null");
            }
            return parents;
        });
    }

    /**
     * Each op's chain of modules, walking parents up to a root; every chain is built once (a module's chain is shared by
     * what it encloses), so a tree of n entries costs O(n). A parent that leads back to itself is refused.
     */
    private static Map<String, List<String>> chains(Path file, Map<String, String> parents) throws CaptureFormatException {
        Map<String, List<String>> chains = new HashMap<>();
        // A module's chain with the module itself at the end: what everything it encloses shares.
        Map<String, List<String>> inside = new HashMap<>();
        for (String op : parents.keySet()) {
            List<String> pending = new ArrayList<>();
            java.util.Set<String> onPath = new java.util.HashSet<>();
            String at = op;
            // Walk up until a known chain or a root; every step adds one name to onPath, so it ends within parents.size().
            while (at != null && !chains.containsKey(at)) {
                if (!onPath.add(at)) throw new CaptureFormatException(file, "the module " + dev.tdw.model.text.SafeText.quoted(at)
                        + " encloses itself (a cycle of parents); refused");
                pending.add(at);
                at = parents.get(at);
            }
            List<String> above = at == null ? List.of() : inside.computeIfAbsent(at, m -> with(chains.get(m), m));
            for (int i = pending.size() - 1; i >= 0; i--) {
                String name = pending.get(i);
                chains.put(name, above);
                List<String> outer = above;
                above = inside.computeIfAbsent(name, m -> with(outer, m));
            }
        }
        return chains;
    }

    private static List<String> with(List<String> chain, String last) {
        List<String> out = new ArrayList<>(chain.size() + 1);
        out.addAll(chain);
        out.add(last);
        return List.copyOf(out);
    }

    Map<String, List<String>> stacks(Path file) throws CaptureFormatException {
        if (!java.nio.file.Files.exists(file)) return Map.of();
        return files.read(file, p -> {
            Map<String, List<String>> stacks = new HashMap<>();
            if (p.nextToken() != JsonToken.START_OBJECT) throw JsonFiles.refused(file, p, "stack.json is one JSON object");
            long[] values = {0};
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                if (p.nextToken() != JsonToken.START_ARRAY) throw JsonFiles.refused(file, p, "a stack entry is [[op, ...], [frame, ...]]");
                List<String> ops = strings(file, p, values);
                List<String> frames = strings(file, p, values);
                if (p.nextToken() != JsonToken.END_ARRAY) throw JsonFiles.refused(file, p, "a stack entry is [[op, ...], [frame, ...]]");
                List<String> shared = List.copyOf(frames);
                for (String op : ops) stacks.put(op, shared);
            }
            return stacks;
        });
    }

    private List<String> strings(Path file, JsonParser p, long[] values) throws IOException {
        if (p.nextToken() != JsonToken.START_ARRAY) throw JsonFiles.refused(file, p, "a stack entry is [[op, ...], [frame, ...]]");
        List<String> out = new ArrayList<>();
        while (p.nextToken() == JsonToken.VALUE_STRING) {
            count(file, p, ++values[0]);
            out.add(p.getText());
        }
        if (p.currentToken() != JsonToken.END_ARRAY) throw JsonFiles.refused(file, p, "a stack entry holds strings only");
        return out;
    }

    private void count(Path file, JsonParser p, long values) throws CaptureFormatException {
        if (values > files.limits().maxSideValues()) {
            throw JsonFiles.refused(file, p, "more than " + files.limits().maxSideValues() + " values; refused");
        }
    }
}
