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
 * lack them, and they are context, not evidence).
 */
final class SideFiles {
    private final JsonFiles files;

    SideFiles(JsonFiles files) { this.files = files; }

    Map<String, String> construct(Path file) throws CaptureFormatException {
        if (!java.nio.file.Files.exists(file)) return Map.of();
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
