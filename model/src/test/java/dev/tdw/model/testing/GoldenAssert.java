package dev.tdw.model.testing;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Compares our JSON with a reference output: same fields in the same order (except documented
 * additions where the reference lacks them), numbers within a relative tolerance (the reference prints float32
 * widened to double).
 */
public final class GoldenAssert {
    private GoldenAssert() {}

    public static void assertMatches(JsonNode expected, JsonNode actual, Set<String> ourAdditions) {
        compare("$", expected, actual, ourAdditions);
    }

    private static void compare(String at, JsonNode e, JsonNode a, Set<String> additions) {
        if (a == null) fail(at + ": missing, expected " + e);
        if (e.isNumber() && a.isNumber()) {
            double x = e.doubleValue(), y = a.doubleValue();
            if (Double.isNaN(x) && Double.isNaN(y)) return;
            if (x == y) return;
            double tol = 1e-6 * Math.max(Math.abs(x), Math.abs(y)) + 1e-12;
            if (!(Math.abs(x - y) <= tol)) fail(at + ": expected " + x + " but was " + y);
            return;
        }
        if (e.getNodeType() != a.getNodeType()) fail(at + ": expected " + e + " but was " + a);
        if (e.isObject()) {
            Iterator<String> en = e.fieldNames();
            Iterator<String> an = a.fieldNames();
            while (an.hasNext()) {
                String name = an.next();
                if (additions.contains(name) && !e.has(name)) continue; // an addition the reference also has is compared
                if (!en.hasNext()) fail(at + ": unexpected field " + name);
                String expectedName = en.next();
                if (!expectedName.equals(name)) fail(at + ": expected field " + expectedName + " but found " + name);
                compare(at + "." + name, e.get(name), a.get(name), additions);
            }
            if (en.hasNext()) fail(at + ": missing field " + en.next());
        } else if (e.isArray()) {
            if (e.size() != a.size()) fail(at + ": expected " + e.size() + " elements but was " + a.size() + ": " + a);
            for (int i = 0; i < e.size(); i++) compare(at + "[" + i + "]", e.get(i), a.get(i), additions);
        } else if (!e.equals(a)) {
            fail(at + ": expected " + e + " but was " + a);
        }
    }

}
