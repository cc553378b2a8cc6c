package dev.tdw.model.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.json.JsonValues;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.AbstractList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * The one JSON configuration of the command line and reports. Like Python's {@code json}, NaN and
 * Infinity are written as bare tokens, so our output reads the same as the reference's.
 */
public final class Json {
    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .characterEscapes(new UnsafeCharacterEscapes())
            .build();

    /** Made on first use only: an {@code ObjectMapper} costs several times a JVM's start, which output does not need. */
    private static final class Mapper {
        static final ObjectMapper INSTANCE = new ObjectMapper(FACTORY).enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** The mapper with this configuration, for reading JSON into trees or objects. */
    public static ObjectMapper mapper() { return Mapper.INSTANCE; }

    /**
     * JSON escapes C0 controls by itself; these are escaped too ({@code \\uXXXX}), so a terminal or an editor showing
     * the output cannot be steered by a value: DEL and C1 controls (U+009B is an 8-bit CSI), the line and paragraph
     * separators, the format characters (bidirectional overrides, zero-width spaces, U+FEFF) and surrogates
     * ({@link SafeText#unsafe}). A JSON escape reads back as the same string, so the values stay exact.
     */
    private static final class UnsafeCharacterEscapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        UnsafeCharacterEscapes() {
            ascii[0x7f] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() { return ascii; }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            // Jackson hands over UTF-16 units, so every surrogate is escaped, a pair's halves too: a lone one has no
            // UTF-8 form and would read back as '?', and two escapes read back as the pair.
            return ch > 0x7f && SafeText.unsafe(ch) ? new SerializedString(SafeText.escape(ch)) : null;
        }
    }

    private Json() {}

    public static ObjectNode object() { return JsonNodeFactory.instance.objectNode(); }

    public static ArrayNode array() { return JsonNodeFactory.instance.arrayNode(); }

    // Loops, not method references: linking one on its first use costs a short command about 0.3 ms (bench/README.md).

    public static ArrayNode strings(Collection<String> values) {
        ArrayNode a = array();
        for (String v : values) a.add(v);
        return a;
    }

    public static JsonNode longs(Collection<Long> values) {
        if (values == null) return JsonNodeFactory.instance.nullNode();
        ArrayNode a = array();
        for (Long v : values) a.add(v);
        return a;
    }

    /** Plain values (maps, lists, strings, numbers, booleans, null) as a tree. */
    public static JsonNode plain(Object value) { return JsonValues.tree(value); }

    /**
     * A read-only array whose elements are made from {@code items} each time they are read or written, never kept:
     * a result's long lists (100k stages) then hold no tree, and {@link #write(JsonNode, Writer)} streams them one
     * element at a time. {@code items} should be a random-access list; adding to the array is refused.
     */
    public static <T> ArrayNode lazyArray(List<T> items, Function<? super T, ? extends JsonNode> element) {
        return new ArrayNode(JsonNodeFactory.instance, new AbstractList<>() {
            @Override
            public JsonNode get(int index) { return element.apply(items.get(index)); }

            @Override
            public int size() { return items.size(); }
        });
    }

    /** Pretty-printed, byte for byte what the mapper's {@code INDENT_OUTPUT} writes (escapes included). */
    public static String write(JsonNode node) {
        StringWriter out = new StringWriter();
        write(node, out);
        return out.toString();
    }

    /**
     * {@link #write(JsonNode)} streamed into {@code out} (left open, flushed), so a large result is never one string;
     * an error of {@code out} itself is the caller's to see (a {@code PrintWriter} keeps it in {@code checkError}).
     */
    public static void write(JsonNode node, Writer out) {
        try (JsonGenerator g = generator(out)) {
            JsonValues.write(g, node);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise a result tree", e);
        }
    }

    /** The generator of every output: this configuration, pretty-printed, {@code out} left open. */
    private static JsonGenerator generator(Writer out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setPrettyPrinter(new DefaultPrettyPrinter());
        return g;
    }

    /** Starts an object streamed into {@code out} ({@link StreamedObject}). */
    public static StreamedObject streamObject(Writer out) {
        return new StreamedObject(out);
    }

    /**
     * An object written field by field while its values are still being computed (a command's several results): the
     * bytes are those {@link #write(JsonNode, Writer)} writes for the whole object, and each array {@link #element}
     * reaches {@code out} (flushed) as soon as it is given, before the next one is computed. Nothing is closed but the
     * object itself, by {@link #end}; an object never ended leaves {@code out} with what was written so far.
     */
    public static final class StreamedObject {
        private final JsonGenerator g;

        private StreamedObject(Writer out) {
            try {
                g = generator(out);
                g.writeStartObject();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot serialise a result", e);
            }
        }

        public StreamedObject field(String name, JsonNode value) {
            return step(() -> {
                g.writeFieldName(name);
                JsonValues.write(g, value);
            });
        }

        public StreamedObject field(String name, String value) {
            return step(() -> g.writeStringField(name, value));
        }

        /** Opens the array {@code name}; its elements follow. */
        public StreamedObject startArray(String name) {
            return step(() -> g.writeArrayFieldStart(name));
        }

        /** One element of the open array, flushed to the writer. */
        public StreamedObject element(JsonNode value) {
            return step(() -> {
                JsonValues.write(g, value);
                g.flush();
            });
        }

        public StreamedObject endArray() {
            return step(g::writeEndArray);
        }

        /** Closes the object and flushes it. */
        public void end() {
            step(() -> {
                g.writeEndObject();
                g.close();
            });
        }

        private interface Step {
            void run() throws IOException;
        }

        private StreamedObject step(Step step) {
            try {
                step.run();
                return this;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot serialise a result", e);
            }
        }
    }

    /** The error object of exit code 2. */
    public static ObjectNode failure(String error) {
        ObjectNode o = object();
        o.put("status", "failed");
        o.put("error", error);
        return o;
    }
}
