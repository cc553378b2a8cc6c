package dev.tdw.model.tensor;

import dev.tdw.model.text.SafeText;

import net.razorvine.pickle.Opcodes;
import net.razorvine.pickle.PickleUtils;
import net.razorvine.pickle.Unpickler;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Unpickles a payload's {@code data.pkl} with a strict whitelist. A pickle can name any Python callable, so before
 * anything is built {@link PickleScan} refuses every opcode and global a tensor payload does not need; then every
 * global is resolved here, per instance, by its exact module and name, and never through razorvine's static
 * constructor registry (which turns unknown globals into harmless-looking {@code ClassDict}s and is shared by all
 * threads). Only the whitelisted callables can be called ({@code REDUCE}), each refusal names what it refused.
 *
 * <p>Dicts keep insertion order (the payload's key order is its capture order), and dict keys must be hashable
 * values, so no attacker-built container is ever hashed.
 */
final class TorchUnpickler extends Unpickler {

    /** Resolves a persistent storage id to the bytes of {@code data/<key>}. */
    interface StorageSource {
        Storage storage(String key, DType dtype, long numel) throws PayloadFormatException;
    }

    /**
     * A global exactly as the pickle names it; {@code ("torch", "_utils.x")} is not {@code ("torch._utils", "x")}.
     * Equality and hash are written out: a record's own are linked through {@code ObjectMethods} at first use, which
     * spun some 30 method-handle classes at every payload read (about 30 ms of a short {@code tensors}).
     */
    private record Global(String module, String name) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Global g && module.equals(g.module) && name.equals(g.name);
        }

        @Override
        public int hashCode() {
            return 31 * module.hashCode() + name.hashCode();
        }
    }

    /** A whitelisted callable: REDUCE may call it. */
    private record Callee(String global, Function<Object[], Object> body) {
        @Override
        public String toString() {
            return global;
        }
    }

    /** A typed storage class such as {@code torch.FloatStorage}: only meaningful inside a persistent id. */
    private record StorageType(String global, DType dtype) {
        @Override
        public String toString() {
            return global;
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

    private static final Global REBUILD_TENSOR_V2 = new Global("torch._utils", "_rebuild_tensor_v2");
    private static final Global REBUILD_TENSOR = new Global("torch._utils", "_rebuild_tensor");
    private static final Global REBUILD_PARAMETER = new Global("torch._utils", "_rebuild_parameter");
    private static final Global ORDERED_DICT = new Global("collections", "OrderedDict");
    private static final Global SIZE = new Global("torch", "Size");

    /** Every global a tensor payload may name: the callables above, storage classes and dtypes. */
    private static final Map<Global, Object> VALUES = new HashMap<>();

    static {
        for (DType t : DType.values()) {
            VALUES.put(new Global("torch", t.storageClass()), new StorageType("torch." + t.storageClass(), t));
            VALUES.put(new Global("torch", t.torchName().substring("torch.".length())), t);
        }
    }

    private final String file;
    private final PayloadLimits limits;
    private final StorageSource storages;
    private final Map<Global, Callee> callables = new HashMap<>();
    private long totalElements;
    /** Items the callables have copied: shared (memoized) arguments would otherwise repeat that work unbounded. */
    private long copied;

    private TorchUnpickler(String file, PayloadLimits limits, StorageSource storages) {
        this.file = file;
        this.limits = limits;
        this.storages = storages;
        callable(REBUILD_TENSOR_V2, this::rebuildTensor);
        callable(REBUILD_TENSOR, this::rebuildTensor);
        callable(REBUILD_PARAMETER, this::rebuildParameter);
        callable(ORDERED_DICT, this::orderedDict);
        callable(SIZE, args -> Arrays.stream(longs(args.length == 1 ? args[0] : args, "torch.Size")).boxed().toList());
    }

    private void callable(Global g, Function<Object[], Object> body) {
        callables.put(g, new Callee(printable(g.module(), g.name()), body));
    }

    static boolean isWhitelisted(String module, String name) {
        Global g = new Global(module, name);
        return VALUES.containsKey(g) || g.equals(REBUILD_TENSOR_V2) || g.equals(REBUILD_TENSOR)
                || g.equals(REBUILD_PARAMETER) || g.equals(ORDERED_DICT) || g.equals(SIZE);
    }

    /**
     * {@code module.name} for messages; when that text would hide something (a dotted name, an empty part, spaces
     * or control characters, an overlong name) the pair is shown as a tuple, e.g. {@code ('torch', '_utils.x')}.
     */
    static String printable(String module, String name) {
        String text = module + "." + name;
        boolean plain = !module.isEmpty() && !name.isEmpty() && name.indexOf('.') < 0 && text.length() <= 200
                && text.chars().allMatch(c -> c > 0x20 && c < 0x7f);
        return plain ? text : PythonRepr.brief(new Object[] {module, name});
    }

    /** What a runtime failure inside the pickle machinery says about the pickle, in words rather than a class name. */
    private static String malformed(RuntimeException e) {
        if (e instanceof IndexOutOfBoundsException || e instanceof NegativeArraySizeException) {
            return "a length or index out of range";
        }
        if (e instanceof ClassCastException) return "a value of an unexpected type";
        if (e instanceof NumberFormatException) return "a number that does not parse";
        if (e instanceof ArithmeticException) return "a number out of range";
        if (e instanceof java.util.EmptyStackException || e instanceof java.util.NoSuchElementException) {
            return "an opcode with too few values on the stack";
        }
        return "an unexpected structure";
    }

    /** The unpickled object graph; tensors are {@link Tensor}s over storages from {@code storages}. */
    static Object load(byte[] pickle, String file, PayloadLimits limits, StorageSource storages)
            throws PayloadFormatException {
        PickleScan.check(pickle, file, limits);
        TorchUnpickler unpickler = new TorchUnpickler(file, limits, storages);
        try {
            return unpickler.load(new ByteArrayInputStream(pickle));
        } catch (Failure f) {
            throw f.exception;
        } catch (IOException e) {
            throw ZipDirectory.fail(file, "truncated data.pkl (" + SafeText.of(e.getMessage()) + ")", e);
        } catch (RuntimeException e) {
            throw ZipDirectory.fail(file, "malformed data.pkl (" + malformed(e) + ")", e);
        } finally {
            unpickler.close();
        }
    }

    /** Only opcodes {@link PickleScan} let through arrive here; those that name or call things are handled here. */
    @Override
    protected Object dispatch(short key) throws IOException {
        switch (key) {
            case Opcodes.GLOBAL -> {
                String module = PickleUtils.readline(input);
                String name = PickleUtils.readline(input);
                stack.add(global(module, name));
            }
            case Opcodes.STACK_GLOBAL -> {
                // The scan saw string literals here; what resolves the names checks them all the same.
                Object name = stack.pop();
                Object module = stack.pop();
                if (!(module instanceof String m) || !(name instanceof String n)) {
                    throw fail("refused STACK_GLOBAL with non-string names");
                }
                stack.add(global(m, n));
            }
            case Opcodes.REDUCE -> {
                Object args = stack.pop();
                Object callee = stack.pop();
                if (!(callee instanceof Callee c)) {
                    throw fail("refused REDUCE of " + PythonRepr.brief(callee) + " (only whitelisted callables)");
                }
                if (!(args instanceof Object[] tuple)) {
                    throw fail("REDUCE of " + c + " with arguments that are not a tuple: " + PythonRepr.brief(args));
                }
                stack.add(c.body().apply(tuple));
            }
            case Opcodes.APPEND -> {
                Object value = stack.pop();
                listOnStack().add(value);
            }
            case Opcodes.APPENDS -> {
                List<Object> items = stack.pop_all_since_marker();
                listOnStack().addAll(items);
            }
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
            default -> {
                return super.dispatch(key);
            }
        }
        return NO_RETURN_VALUE;
    }

    @Override
    protected Object persistentLoad(Object pid) {
        if (!(pid instanceof Object[] id) || id.length != 5 || !"storage".equals(id[0])) {
            throw fail("unsupported persistent id " + PythonRepr.brief(pid)
                    + " (expected ('storage', class, key, location, numel))");
        }
        if (!(id[1] instanceof StorageType type)) {
            throw fail("persistent id names " + PythonRepr.brief(id[1]) + " instead of a typed storage class");
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
        Global g = new Global(module, name);
        Object resolved = callables.containsKey(g) ? callables.get(g) : VALUES.get(g);
        if (resolved == null) throw fail("refused pickle global " + printable(module, name));
        return resolved;
    }

    /** {@code _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, ...)}. */
    private Object rebuildTensor(Object[] args) {
        if (args.length < 4 || !(args[0] instanceof Storage storage)) {
            throw fail("tensor rebuild without a storage: " + PythonRepr.brief(args));
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
            copy(pairs.size());
            for (Object pair : pairs) {
                Object[] kv = pair instanceof List<?> l ? l.toArray() : pair instanceof Object[] t ? t : null;
                if (kv == null || kv.length != 2) throw fail("OrderedDict item is not a pair");
                map.put(hashable(kv[0]), kv[1]);
            }
        } else if (args.length != 0) {
            throw fail("unsupported OrderedDict arguments");
        }
        return map;
    }

    @SuppressWarnings("unchecked")
    private List<Object> listOnStack() {
        if (!(stack.peek() instanceof ArrayList<?> list)) throw fail("APPEND on a value that is not a list");
        return (List<Object>) list;
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

    private long integer(Object value, String what) {
        if (value instanceof Integer || value instanceof Long) return ((Number) value).longValue();
        if (value instanceof BigInteger big && big.bitLength() < 64) return big.longValue();
        throw fail(what + " is not a 64-bit integer: " + PythonRepr.brief(value));
    }

    private long[] longs(Object sequence, String what) {
        Object[] items = sequence instanceof List<?> list ? list.toArray() : sequence instanceof Object[] a ? a : null;
        if (items == null) throw fail(what + " is not a tuple: " + PythonRepr.brief(sequence));
        copy(items.length);
        long[] out = new long[items.length];
        for (int i = 0; i < items.length; i++) out[i] = integer(items[i], what);
        return out;
    }

    private void copy(int items) {
        copied += items;
        if (copied > limits.maxPickleObjects()) {
            throw fail("data.pkl makes the unpickler copy more than " + limits.maxPickleObjects()
                    + " values (limit; a shared argument passed many times)");
        }
    }

    private Failure fail(String what) {
        return new Failure(ZipDirectory.fail(file, what));
    }
}
