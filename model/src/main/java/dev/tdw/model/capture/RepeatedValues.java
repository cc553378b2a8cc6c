package dev.tdw.model.capture;

import java.util.List;

/**
 * Shares the values a manifest repeats record after record (dtype, device, shapes, strides, element counts), so a
 * 100k-record manifest keeps one copy of each instead of 100k: less to allocate while reading, less for the collector
 * to copy while the manifest is held. One per file read, not thread-safe. Bounded: a fixed number of slots, a value
 * found in none replaces what its slot held, and long strings or lists are never looked up (made as before).
 */
final class RepeatedValues {
    /** A power of two: a slot is the value's hash masked. */
    private static final int SLOTS = 256;
    static final int MAX_CHARS = 64;
    static final int MAX_LONGS = 8;

    private final String[] texts = new String[SLOTS];
    @SuppressWarnings("unchecked")
    private final List<Long>[] lists = new List[SLOTS];
    private final Long[] numbers = new Long[SLOTS];

    /** The string of {@code length} chars at {@code offset}: the one made before for the same chars, if its slot holds it. */
    String text(char[] chars, int offset, int length) {
        if (length > MAX_CHARS) return new String(chars, offset, length);
        int h = length;
        for (int i = 0; i < length; i++) h = 31 * h + chars[offset + i];
        int slot = slot(h);
        String s = texts[slot];
        if (s != null && sameChars(s, chars, offset, length)) return s;
        s = new String(chars, offset, length);
        texts[slot] = s;
        return s;
    }

    /** The first {@code n} of {@code values} as an immutable list: the one made before for the same values, if kept. */
    List<Long> longs(long[] values, int n) {
        if (n > MAX_LONGS) return boxed(values, n);
        long h = n;
        for (int i = 0; i < n; i++) h = 31 * h + values[i];
        int slot = slot(Long.hashCode(h));
        List<Long> l = lists[slot];
        if (l != null && sameLongs(l, values, n)) return l;
        l = boxed(values, n);
        lists[slot] = l;
        return l;
    }

    /** {@code v} boxed: the box made before for the same value, if its slot holds it. */
    Long number(long v) {
        int slot = slot(Long.hashCode(v));
        Long l = numbers[slot];
        if (l != null && l == v) return l;
        l = v;
        numbers[slot] = l;
        return l;
    }

    private static int slot(int h) {
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }

    private static boolean sameChars(String s, char[] chars, int offset, int length) {
        if (s.length() != length) return false;
        for (int i = 0; i < length; i++) if (s.charAt(i) != chars[offset + i]) return false;
        return true;
    }

    private static boolean sameLongs(List<Long> l, long[] values, int n) {
        if (l.size() != n) return false;
        for (int i = 0; i < n; i++) if (l.get(i) != values[i]) return false;
        return true;
    }

    private static List<Long> boxed(long[] values, int n) {
        Long[] boxed = new Long[n];
        for (int i = 0; i < n; i++) boxed[i] = values[i];
        return List.of(boxed); // immutable already, so Layout's List.copyOf keeps it as it is
    }
}
