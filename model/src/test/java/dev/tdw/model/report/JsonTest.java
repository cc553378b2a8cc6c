package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonTest {
    private static ObjectNode element(int i) {
        ObjectNode o = Json.object();
        o.put("i", i);
        o.put("half", i / 2.0);
        o.putNull("none");
        return o;
    }

    @Test
    void aLazyArrayWritesAndReadsLikeTheSameArrayBuiltEagerly() {
        List<Integer> items = List.of(1, 2, 3);
        ArrayNode eager = Json.array();
        items.forEach(i -> eager.add(element(i)));
        ObjectNode a = Json.object(), b = Json.object();
        a.set("stages", eager);
        b.set("stages", Json.lazyArray(items, JsonTest::element));
        assertEquals(Json.write(a), Json.write(b));
        assertEquals(a, b);
        assertEquals(1.5, b.get("stages").get(2).get("half").doubleValue());
    }

    @Test
    void aLazyArrayKeepsNoElementAndRefusesAdditions() {
        AtomicInteger made = new AtomicInteger();
        ArrayNode lazy = Json.lazyArray(List.of(1, 2), i -> {
            made.incrementAndGet();
            return element(i);
        });
        assertEquals(0, made.get());
        Json.write(lazy);
        Json.write(lazy);
        assertEquals(4, made.get()); // made anew on each walk, never held
        assertThrows(UnsupportedOperationException.class, () -> lazy.add(1));
    }

    /** Issue 31: escaped for a reader, exact for a machine: a lone surrogate no longer comes out as '?'. */
    @Test
    void invisibleCharactersAndSurrogatesAreEscapedAndReadBackExactly() throws Exception {
        String value = "a\ud800b\u200bc\ufeffd\u2069e\ud83d\ude00";
        ObjectNode o = Json.object();
        o.put("stage", value);
        String written = Json.write(o);
        assertTrue(written.contains("\"a\\ud800b\\u200bc\\ufeffd\\u2069e\\ud83d\\ude00\""), written);
        assertEquals(value, Json.mapper().readTree(written.getBytes(java.nio.charset.StandardCharsets.UTF_8)).get("stage").asText());
    }

    @Test
    void writingToAWriterIsByteForByteTheStringAndLeavesItOpen() {
        ObjectNode o = Json.object();
        o.put("text", "a\u009bb");
        o.put("nan", Double.NaN);
        o.set("list", Json.lazyArray(List.of(1), JsonTest::element));
        StringWriter out = new StringWriter();
        Json.write(o, out);
        out.write("!");
        assertEquals(Json.write(o) + "!", out.toString());
    }

    @Test
    void aStreamedObjectIsByteForByteTheTreeAndEachElementReachesTheWriterWhenGiven() {
        ObjectNode whole = Json.object();
        whole.put("status", "ok");
        whole.set("results", Json.array().add(element(1)).add(element(2)));
        whole.put("verdict", "DIVERGENT");
        StringWriter out = new StringWriter();
        // Buffered as a command's stdout is: only a flush shows the element to the writer below.
        java.io.BufferedWriter buffered = new java.io.BufferedWriter(out, 1 << 16);
        Json.StreamedObject streamed = Json.streamObject(buffered).field("status", "ok").startArray("results").element(element(1));
        String afterFirst = out.toString();
        streamed.element(element(2)).endArray().field("verdict", "DIVERGENT").end();
        assertEquals(Json.write(whole), out.toString());
        assertEquals(Json.write(whole).substring(0, afterFirst.length()), afterFirst);
        assertTrue(afterFirst.contains("\"i\" : 1") && !afterFirst.contains("\"i\" : 2"), afterFirst);
    }
}
