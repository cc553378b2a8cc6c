package dev.tdw.model.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.report.Json;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The mapper-free reading and writing agrees with what the ObjectMapper did before. */
class JsonValuesTest {
    private static final String DOC = "{\"a\": 1, \"b\": [2.5, \"x\", null, true, NaN, -Infinity], \"c\": {\"d\": 12345678901,"
            + " \"e\": 123456789012345678901234567890}, \"f\": false, \"g\": \"\\u00e9\\n\"}";

    @Test
    void treesAndPlainValuesReadLikeTheMapper() throws Exception {
        JsonNode expected = Json.mapper().readTree(DOC);
        try (JsonParser p = Json.mapper().getFactory().createParser(DOC)) {
            p.nextToken();
            assertEquals(expected, JsonValues.readTree(p));
        }
        Object plain = JsonValues.plain(expected);
        assertEquals(Json.mapper().convertValue(expected, Object.class), plain);
        @SuppressWarnings("unchecked")
        Map<String, Object> c = (Map<String, Object>) ((Map<String, Object>) plain).get("c");
        assertEquals(12345678901L, c.get("d"));
        assertEquals(new BigInteger("123456789012345678901234567890"), c.get("e"));
    }

    @Test
    void writingIsByteForByteTheMappersPrettyPrint() throws Exception {
        JsonNode tree = Json.mapper().readTree(DOC);
        ObjectNode o = (ObjectNode) tree;
        o.putArray("empty");
        o.putObject("none");
        o.put("float", 1.5f);
        assertEquals(Json.mapper().writeValueAsString(tree), Json.write(tree));
    }

    @Test
    void plainValuesBecomeTheTreesTheMapperMade() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", 3);
        m.put("l", 4L);
        m.put("d", Double.NaN);
        m.put("s", "t");
        m.put("list", Arrays.asList(1.0, null, true));
        m.put("nested", Map.of("k", List.of()));
        assertEquals(Json.mapper().valueToTree(m), Json.plain(m));
    }
}
