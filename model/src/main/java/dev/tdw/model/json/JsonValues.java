package dev.tdw.model.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON trees and plain values (maps, lists, strings, numbers, booleans, null) read from and written to Jackson's
 * streaming parser and generator, without an {@code ObjectMapper}: creating one costs several times a JVM's start
 * (its date and locale set-up), which a short command must not pay. Depth is bounded by the parser's own constraints.
 */
public final class JsonValues {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonValues() {}

    /** The value at the parser's current token as a tree; the parser is left on the value's last token. */
    public static JsonNode readTree(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) throw new IllegalStateException("no current token");
        return switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    o.set(name, readTree(p));
                }
                yield o;
            }
            case START_ARRAY -> {
                ArrayNode a = NODES.arrayNode();
                while (p.nextToken() != JsonToken.END_ARRAY) a.add(readTree(p));
                yield a;
            }
            case VALUE_STRING -> NODES.textNode(p.getText());
            case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> NODES.numberNode(p.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new IllegalStateException("unexpected token " + t);
        };
    }

    /** The value at the parser's current token as plain Java values, as {@code ObjectMapper} would bind them to Object. */
    public static Object readPlain(JsonParser p) throws IOException {
        return plain(readTree(p));
    }

    /** A tree as plain values: objects as insertion-ordered maps, arrays as lists, numbers as Integer/Long/BigInteger/Double. */
    public static Object plain(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return null;
        if (n.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                m.put(e.getKey(), plain(e.getValue()));
            }
            return m;
        }
        if (n.isArray()) {
            List<Object> l = new ArrayList<>(n.size());
            for (JsonNode e : n) l.add(plain(e));
            return l;
        }
        if (n.isNumber()) return n.numberValue();
        if (n.isBoolean()) return n.booleanValue();
        return n.asText();
    }

    /**
     * Plain values (maps, collections, strings, numbers, booleans, null) as a tree. Loops, not lambdas: linking a
     * lambda on its first use costs a short command about 0.3 ms each (bench/README.md).
     */
    public static JsonNode tree(Object v) {
        if (v == null) return NODES.nullNode();
        if (v instanceof JsonNode n) return n;
        if (v instanceof Map<?, ?> m) {
            ObjectNode o = NODES.objectNode();
            for (Map.Entry<?, ?> e : m.entrySet()) o.set(String.valueOf(e.getKey()), tree(e.getValue()));
            return o;
        }
        if (v instanceof Iterable<?> c) {
            ArrayNode a = NODES.arrayNode();
            for (Object x : c) a.add(tree(x));
            return a;
        }
        if (v instanceof Integer i) return NODES.numberNode(i);
        if (v instanceof Long l) return NODES.numberNode(l);
        if (v instanceof Short s) return NODES.numberNode(s);
        if (v instanceof Byte b) return NODES.numberNode(b);
        if (v instanceof BigInteger b) return NODES.numberNode(b);
        if (v instanceof BigDecimal d) return NODES.numberNode(d);
        if (v instanceof Float f) return NODES.numberNode(f);
        if (v instanceof Number d) return NODES.numberNode(d.doubleValue());
        if (v instanceof Boolean b) return NODES.booleanNode(b);
        return NODES.textNode(v.toString());
    }

    /** Writes a tree with the generator's own settings (pretty printer, NaN handling). */
    public static void write(JsonGenerator g, JsonNode n) throws IOException {
        switch (n.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    g.writeFieldName(e.getKey());
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray();
                for (JsonNode e : n) write(g, e);
                g.writeEndArray();
            }
            case STRING -> g.writeString(n.textValue());
            case NUMBER -> {
                switch (n.numberType()) {
                    case INT -> g.writeNumber(n.intValue());
                    case LONG -> g.writeNumber(n.longValue());
                    case BIG_INTEGER -> g.writeNumber(n.bigIntegerValue());
                    case BIG_DECIMAL -> g.writeNumber(n.decimalValue());
                    case FLOAT -> g.writeNumber(n.floatValue());
                    default -> g.writeNumber(n.doubleValue());
                }
            }
            case BOOLEAN -> g.writeBoolean(n.booleanValue());
            case NULL, MISSING -> g.writeNull();
            default -> g.writeString(n.asText());
        }
    }
}
