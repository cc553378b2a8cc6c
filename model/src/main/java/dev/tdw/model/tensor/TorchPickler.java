package dev.tdw.model.tensor;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code data.pkl} in protocol 2 the way {@code torch.save} does: each tensor is a call of
 * {@code torch._utils._rebuild_tensor_v2} on a persistent storage id {@code ('storage', torch.<Type>Storage, key,
 * 'cpu', numel)}. razorvine's Pickler cannot emit GLOBAL or BINPERSID, hence these few opcodes by hand. Every tensor
 * gets its own contiguous storage ({@code data/<n>} in pickling order), so views are written as contiguous copies.
 */
final class TorchPickler {
    private static final int PROTO = 0x80;
    private static final int STOP = '.';
    private static final int MARK = '(';
    private static final int GLOBAL = 'c';
    private static final int BINPERSID = 'Q';
    private static final int REDUCE = 'R';
    private static final int TUPLE = 't';
    private static final int EMPTY_TUPLE = ')';
    private static final int TUPLE1 = 0x85;
    private static final int EMPTY_LIST = ']';
    private static final int APPENDS = 'e';
    private static final int EMPTY_DICT = '}';
    private static final int SETITEMS = 'u';
    private static final int NONE = 'N';
    private static final int NEWTRUE = 0x88;
    private static final int NEWFALSE = 0x89;
    private static final int BININT = 'J';
    private static final int BININT1 = 'K';
    private static final int BININT2 = 'M';
    private static final int LONG1 = 0x8a;
    private static final int BINFLOAT = 'G';
    private static final int BINUNICODE = 'X';

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<Tensor> storages = new ArrayList<>();

    /** The pickled bytes of {@code root}; afterwards {@link #storages()} lists the tensors by storage key. */
    byte[] pickle(Object root) {
        out.write(PROTO);
        out.write(2);
        value(root);
        out.write(STOP);
        return out.toByteArray();
    }

    /** Tensor {@code i} is storage key {@code "i"}. */
    List<Tensor> storages() {
        return storages;
    }

    private void value(Object v) {
        if (v == null) {
            out.write(NONE);
        } else if (v instanceof Tensor t) {
            tensor(t);
        } else if (v instanceof String s) {
            string(s);
        } else if (v instanceof Boolean b) {
            out.write(b ? NEWTRUE : NEWFALSE);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            integer(((Number) v).longValue());
        } else if (v instanceof BigInteger big) {
            bigInteger(big);
        } else if (v instanceof Double || v instanceof Float) {
            out.write(BINFLOAT);
            out.writeBytes(ByteBuffer.allocate(8).putDouble(((Number) v).doubleValue()).array());
        } else if (v instanceof Object[] tuple) {
            tuple(tuple);
        } else if (v instanceof List<?> list) {
            out.write(EMPTY_LIST);
            if (!list.isEmpty()) {
                out.write(MARK);
                list.forEach(this::value);
                out.write(APPENDS);
            }
        } else if (v instanceof Map<?, ?> map) {
            out.write(EMPTY_DICT);
            if (!map.isEmpty()) {
                out.write(MARK);
                map.forEach((k, x) -> {
                    value(k);
                    value(x);
                });
                out.write(SETITEMS);
            }
        } else {
            throw new IllegalArgumentException("cannot write a " + v.getClass().getName() + " into a payload");
        }
    }

    private void tensor(Tensor t) {
        String key = Integer.toString(storages.size());
        storages.add(t);
        global("torch._utils", "_rebuild_tensor_v2");
        out.write(MARK);
        out.write(MARK);
        string("storage");
        global("torch", t.dtype().storageClass());
        string(key);
        string("cpu");
        integer(t.numel());
        out.write(TUPLE);
        out.write(BINPERSID);
        integer(0);
        long[] shape = t.shape();
        tuple(boxed(shape));
        tuple(boxed(contiguousStrides(shape)));
        out.write(NEWFALSE);
        global("collections", "OrderedDict");
        out.write(EMPTY_TUPLE);
        out.write(REDUCE);
        out.write(TUPLE);
        out.write(REDUCE);
    }

    /** torch's strides for a contiguous tensor: a size-0 dimension counts as 1. */
    static long[] contiguousStrides(long[] shape) {
        long[] stride = new long[shape.length];
        long step = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            stride[d] = step;
            step *= Math.max(shape[d], 1);
        }
        return stride;
    }

    private static Object[] boxed(long[] values) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) out[i] = values[i];
        return out;
    }

    private void tuple(Object[] items) {
        if (items.length == 0) {
            out.write(EMPTY_TUPLE);
        } else if (items.length <= 3) {
            for (Object item : items) value(item);
            out.write(TUPLE1 + items.length - 1);
        } else {
            out.write(MARK);
            for (Object item : items) value(item);
            out.write(TUPLE);
        }
    }

    private void global(String module, String name) {
        out.write(GLOBAL);
        out.writeBytes((module + "\n" + name + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    private void string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        out.write(BINUNICODE);
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(utf8.length).array());
        out.writeBytes(utf8);
    }

    private void integer(long v) {
        if (v >= 0 && v <= 0xff) {
            out.write(BININT1);
            out.write((int) v);
        } else if (v >= 0 && v <= 0xffff) {
            out.write(BININT2);
            out.write((int) v & 0xff);
            out.write((int) (v >>> 8));
        } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            out.write(BININT);
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array());
        } else {
            bigInteger(BigInteger.valueOf(v));
        }
    }

    /** LONG1: little-endian two's complement, as short as possible. */
    private void bigInteger(BigInteger v) {
        byte[] bigEndian = v.toByteArray();
        if (bigEndian.length > 255) throw new IllegalArgumentException("integer too large for a payload: " + v);
        out.write(LONG1);
        out.write(bigEndian.length);
        for (int i = bigEndian.length - 1; i >= 0; i--) out.write(bigEndian[i]);
    }
}
