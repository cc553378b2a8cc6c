package dev.tdw.model.tensor;

import net.razorvine.pickle.IObjectConstructor;
import net.razorvine.pickle.Opcodes;
import net.razorvine.pickle.PickleUtils;
import net.razorvine.pickle.Unpickler;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unpickles a payload's {@code data.pkl} with a strict whitelist. A pickle can name any Python callable, so every
 * global is resolved here, per instance, and never through razorvine's static constructor registry (which would
 * turn unknown globals into harmless-looking {@code ClassDict}s and is shared by all threads). Anything but the
 * few globals a tensor dump needs is refused with a message naming the global.
 *
 * <p>Dicts keep insertion order (the payload's key order is its capture order), opcodes that could call
 * arbitrary setters ({@code BUILD}) or hash attacker-built containers (sets) are refused, and length prefixes are
 * checked against the remaining input before anything is allocated.
 */
final class TorchUnpickler extends Unpickler {

    /** Resolves a persistent storage id to the bytes of {@code data/<key>}. */
    interface StorageSource {
        Storage storage(String key, DType dtype, long numel) throws PayloadFormatException;
    }

    /** A typed storage class such as {@code torch.FloatStorage}: only meaningful inside a persistent id. */
    private record StorageType(String global, DType dtype) implements IObjectConstructor {
        @Override
        public Object construct(Object[] args) {
            throw new IllegalStateException("calling " + global + "(...) is not part of a tensor payload");
        }
    }

    /** Carries a {@link PayloadFormatException} through razorvine's unchecked call paths. */
    private static final class Failure extends RuntimeException {
        final PayloadFormatException exception;

        Failure(PayloadFormatException exception) {
            super(exception.getMessage(), null, false, false);
            this.exception = exception;
        }
    }

    private final String file;
    private final PayloadLimits limits;
    private final StorageSource storages;
    private final Map<String, Object> globals = new HashMap<>();
    private long totalElements;
    private long opcodes;

    private TorchUnpickler(String file, PayloadLimits limits, StorageSource storages) {
        this.file = file;
        this.limits = limits;
        this.storages = storages;
        IObjectConstructor rebuild = this::rebuildTensor;
        globals.put("torch._utils._rebuild_tensor_v2", rebuild);
        globals.put("torch._utils._rebuild_tensor", rebuild);
        globals.put("torch._utils._rebuild_parameter", (IObjectConstructor) this::rebuildParameter);
        globals.put("collections.OrderedDict", (IObjectConstructor) this::orderedDict);
        globals.put("torch.Size", (IObjectConstructor) args ->
                Arrays.stream(longs(args.length == 1 ? args[0] : args, "torch.Size")).boxed().toList());
        for (DType t : DType.values()) {
            String storageGlobal = "torch." + t.storageClass();
            globals.put(storageGlobal, new StorageType(storageGlobal, t));
            globals.put(t.torchName(), t);
        }
    }

    /** The unpickled object graph; tensors are {@link Tensor}s over storages from {@code storages}. */
    static Object load(byte[] pickle, String file, PayloadLimits limits, StorageSource storages)
            throws PayloadFormatException {
        TorchUnpickler unpickler = new TorchUnpickler(file, limits, storages);
        try {
            return unpickler.load(new ByteArrayInputStream(pickle));
        } catch (Failure f) {
            throw f.exception;
        } catch (IOException e) {
            throw new PayloadFormatException("truncated data.pkl (" + e.getMessage() + ") in " + file, e);
        } catch (RuntimeException e) {
            throw new PayloadFormatException("malformed data.pkl (" + e + ") in " + file, e);
        } finally {
            unpickler.close();
        }
    }

    @Override
    protected Object dispatch(short key) throws IOException {
        if (++opcodes > limits.maxPickleObjects()) {
            throw fail("data.pkl has more than " + limits.maxPickleObjects() + " pickle operations (limit)");
        }
        switch (key) {
            case Opcodes.GLOBAL -> {
                String module = PickleUtils.readline(input);
                String name = PickleUtils.readline(input);
                stack.add(global(module, name));
            }
            case Opcodes.STACK_GLOBAL -> {
                Object name = stack.pop();
                Object module = stack.pop();
                if (!(module instanceof String m) || !(name instanceof String n)) {
                    throw fail("refused STACK_GLOBAL with non-string names");
                }
                stack.add(global(m, n));
            }
            case Opcodes.INST -> {
                String module = PickleUtils.readline(input);
                String name = PickleUtils.readline(input);
                Object callable = global(module, name);
                Object[] args = stack.pop_all_since_marker().toArray();
                if (!(callable instanceof IObjectConstructor c)) throw fail("refused INST of " + module + "." + name);
                stack.add(c.construct(args));
            }
            case Opcodes.BUILD -> throw fail("refused pickle opcode BUILD (object state is not part of a tensor payload)");
            case Opcodes.EMPTY_SET, Opcodes.ADDITEMS, Opcodes.FROZENSET ->
                    throw fail("refused pickle opcode " + key + " (sets are not part of a tensor payload)");
            case Opcodes.EMPTY_DICT -> stack.add(new LinkedHashMap<>());
            case Opcodes.DICT -> {
                List<Object> items = stack.pop_all_since_marker();
                Map<Object, Object> map = new LinkedHashMap<>();
                putPairs(map, items);
                stack.add(map);
            }
            case Opcodes.SETITEM -> {
                Object value = stack.pop();
                Object k = stack.pop();
                dictOnStack().put(hashable(k), value);
            }
            case Opcodes.SETITEMS -> {
                List<Object> items = stack.pop_all_since_marker();
                putPairs(dictOnStack(), items);
            }
            case Opcodes.BINSTRING, Opcodes.BINBYTES, Opcodes.BINUNICODE, Opcodes.LONG4 -> {
                checkLengthPrefix(4);
                return super.dispatch(key);
            }
            case Opcodes.BINUNICODE8, Opcodes.BINBYTES8, Opcodes.BYTEARRAY8 -> {
                checkLengthPrefix(8);
                return super.dispatch(key);
            }
            default -> {
                return super.dispatch(key);
            }
        }
        return NO_RETURN_VALUE;
    }

    @Override
    protected Object persistentLoad(Object pid) {
        if (!(pid instanceof Object[] id) || id.length != 5 || !"storage".equals(id[0])) {
            throw fail("unsupported persistent id " + PythonRepr.of(pid) + " (expected ('storage', class, key, location, numel))");
        }
        if (!(id[1] instanceof StorageType type)) {
            throw fail("persistent id names " + PythonRepr.of(id[1]) + " instead of a typed storage class");
        }
        if (!(id[2] instanceof String storageKey)) throw fail("persistent id has a non-string storage key");
        long numel = integer(id[4], "storage numel");
        try {
            return storages.storage(storageKey, type.dtype(), numel);
        } catch (PayloadFormatException e) {
            throw new Failure(e);
        }
    }

    private Object global(String module, String name) {
        Object resolved = globals.get(module + "." + name);
        if (resolved != null) return resolved;
        if (module.equals("torch.storage") && name.equals("_load_from_bytes")) {
            throw new Failure(new PayloadFormatException("refused pickle global torch.storage._load_from_bytes in " + file
                    + " (a legacy storage pickle: loading it runs torch.load on embedded bytes)"));
        }
        throw fail("refused pickle global " + module + "." + name);
    }

    /** {@code _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, ...)}. */
    private Object rebuildTensor(Object[] args) {
        if (args.length < 4 || !(args[0] instanceof Storage storage)) {
            throw fail("tensor rebuild without a storage: " + PythonRepr.of(args));
        }
        long offset = integer(args[1], "storage offset");
        long[] size = longs(args[2], "tensor size");
        long[] stride = longs(args[3], "tensor stride");
        Tensor tensor;
        try {
            tensor = new Tensor(storage, offset, size, stride);
        } catch (IllegalArgumentException e) {
            throw fail("invalid tensor: " + e.getMessage());
        } catch (ArithmeticException e) {
            throw fail("invalid tensor: shape " + Arrays.toString(size) + " stride " + Arrays.toString(stride)
                    + " overflows 64-bit element indices");
        }
        totalElements += tensor.numel();
        if (totalElements > limits.maxTotalElements()) {
            throw fail("tensors hold more than " + limits.maxTotalElements() + " elements in total (limit)");
        }
        return tensor;
    }

    /** {@code _rebuild_parameter(data, requires_grad, backward_hooks)}: a parameter is its tensor here. */
    private Object rebuildParameter(Object[] args) {
        if (args.length < 1 || !(args[0] instanceof Tensor tensor)) throw fail("parameter rebuild without a tensor");
        return tensor;
    }

    private Object orderedDict(Object[] args) {
        Map<Object, Object> map = new LinkedHashMap<>();
        if (args.length == 1 && args[0] instanceof List<?> pairs) {
            for (Object pair : pairs) {
                Object[] kv = pair instanceof List<?> l ? l.toArray() : (Object[]) pair;
                if (kv.length != 2) throw fail("OrderedDict item is not a pair");
                map.put(hashable(kv[0]), kv[1]);
            }
        } else if (args.length != 0) {
            throw fail("unsupported OrderedDict arguments");
        }
        return map;
    }

    @SuppressWarnings("unchecked")
    private Map<Object, Object> dictOnStack() {
        if (!(stack.peek() instanceof Map<?, ?> map)) throw fail("SETITEM on a value that is not a dict");
        return (Map<Object, Object>) map;
    }

    private void putPairs(Map<Object, Object> map, List<Object> items) {
        if (items.size() % 2 != 0) throw fail("odd number of dict items");
        for (int i = 0; i < items.size(); i += 2) map.put(hashable(items.get(i)), items.get(i + 1));
    }

    /**
     * Python refuses unhashable keys; refusing them here also keeps {@code hashCode} away from lists a crafted
     * pickle can make self-referential.
     */
    private Object hashable(Object key) {
        if (key == null || key instanceof String || key instanceof Number || key instanceof Boolean
                || key instanceof Object[] || key instanceof DType) {
            return key;
        }
        throw fail("unhashable dict key of type " + key.getClass().getSimpleName());
    }

    private void checkLengthPrefix(int width) throws IOException {
        input.mark(width);
        byte[] prefix = input.readNBytes(width);
        input.reset();
        if (prefix.length < width) throw fail("data.pkl ends inside a length prefix");
        long length = width == 4 ? PickleUtils.bytes_to_integer(prefix) : PickleUtils.bytes_to_long(prefix, 0);
        if (length < 0 || length > input.available() - width) {
            throw fail("data.pkl declares a " + length + "-byte value but only " + (input.available() - width)
                    + " bytes remain");
        }
    }

    private long integer(Object value, String what) {
        if (value instanceof Integer || value instanceof Long) return ((Number) value).longValue();
        if (value instanceof BigInteger big && big.bitLength() < 64) return big.longValue();
        throw fail(what + " is not a 64-bit integer: " + PythonRepr.of(value));
    }

    private long[] longs(Object sequence, String what) {
        Object[] items = sequence instanceof List<?> list ? list.toArray() : sequence instanceof Object[] a ? a : null;
        if (items == null) throw fail(what + " is not a tuple: " + PythonRepr.of(sequence));
        long[] out = new long[items.length];
        for (int i = 0; i < items.length; i++) out[i] = integer(items[i], what);
        return out;
    }

    private Failure fail(String what) {
        return new Failure(new PayloadFormatException(what + " in " + file));
    }
}
