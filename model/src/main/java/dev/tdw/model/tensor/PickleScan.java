package dev.tdw.model.tensor;

import net.razorvine.pickle.Opcodes;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import static net.razorvine.pickle.Opcodes.*;

/**
 * A pass over {@code data.pkl} that executes nothing, run before {@link TorchUnpickler} builds a single object: every
 * opcode must be one a tensor payload can use, every global must be whitelisted, every length prefix must fit in the
 * remaining bytes, integers must stay within CPython's 4300 digits and the opcode count within
 * {@link PayloadLimits#maxPickleObjects()}. A hostile pickle is thus refused before any storage is mapped or any
 * value is constructed, wherever in the stream its payload sits.
 *
 * <p>{@code STACK_GLOBAL} takes its names from the stack. Python's pickler pushes them as string literals (or fetches
 * a memoized literal), so the scan follows string literals through the memo and refuses a {@code STACK_GLOBAL} whose
 * names it cannot see; the unpickler checks the names again when it resolves them.
 */
final class PickleScan {
    /** Opcode names for messages, from razorvine's constants. */
    private static final Map<Integer, String> NAMES = new HashMap<>();

    static {
        for (Field f : Opcodes.class.getFields()) {
            if (f.getType() == short.class) {
                try {
                    NAMES.put((int) f.getShort(null), f.getName());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("razorvine's opcode constants are public", e);
                }
            }
        }
    }

    /** CPython's own bound on int/str conversion (sys.int_info.default_max_str_digits). */
    static final int MAX_NUMBER_DIGITS = 4300;
    /** The two's-complement bytes of a 4300-digit integer. */
    static final int MAX_LONG_BYTES = 1786;

    private final byte[] pickle;
    private final String file;
    private final PayloadLimits limits;
    private final ByteBuffer in;
    /** Known string literals on top of the stack, most recent last; cleared by any opcode that pushes something else. */
    private final Deque<String> literals = new ArrayDeque<>();
    /** Memo slots; the value is the string literal stored there, or null for any other value. */
    private final Map<Integer, String> memo = new HashMap<>();

    private PickleScan(byte[] pickle, String file, PayloadLimits limits) {
        this.pickle = pickle;
        this.file = file;
        this.limits = limits;
        this.in = ByteBuffer.wrap(pickle).order(ByteOrder.LITTLE_ENDIAN);
    }

    static void check(byte[] pickle, String file, PayloadLimits limits) throws PayloadFormatException {
        new PickleScan(pickle, file, limits).run();
    }

    private void run() throws PayloadFormatException {
        long opcodes = 0;
        while (true) {
            if (!in.hasRemaining()) throw fail("data.pkl ends without a STOP opcode (truncated)");
            int at = in.position();
            int op = in.get() & 0xff;
            if (++opcodes > limits.maxPickleObjects()) {
                throw fail("data.pkl has more than " + limits.maxPickleObjects() + " pickle operations (limit)");
            }
            if (op == STOP) return;
            step(op, at);
        }
    }

    private void step(int op, int at) throws PayloadFormatException {
        switch (op) {
            case MARK, POP, POP_MARK, DUP, NONE, BINPERSID, REDUCE, APPEND, DICT, EMPTY_DICT, APPENDS, LIST,
                    EMPTY_LIST, SETITEM, TUPLE, EMPTY_TUPLE, SETITEMS, TUPLE1, TUPLE2, TUPLE3, NEWTRUE, NEWFALSE ->
                    literals.clear();
            case PROTO -> skip(1);
            case FRAME -> skip(8);
            case BININT1 -> pushOther(1);
            case BININT2 -> pushOther(2);
            case BININT -> pushOther(4);
            case BINFLOAT -> pushOther(8);
            case INT, LONG, FLOAT -> {
                long digits = line(op).chars().filter(c -> c >= '0' && c <= '9').count();
                if (digits > MAX_NUMBER_DIGITS) {
                    throw fail(name(op) + " at byte " + at + " has " + digits + " digits, more than "
                            + MAX_NUMBER_DIGITS + " (parsing decimal text is quadratic)");
                }
                literals.clear();
            }
            case LONG1 -> pushOther(length(1, op));
            case LONG4 -> {
                int n = length(4, op);
                if (n > MAX_LONG_BYTES) {
                    throw fail("LONG4 at byte " + at + " has " + n + " bytes, more than " + MAX_LONG_BYTES
                            + " (printing it in decimal is superlinear)");
                }
                pushOther(n);
            }
            case BINBYTES, SHORT_BINBYTES, BINBYTES8, BYTEARRAY8 ->
                    pushOther(length(op == SHORT_BINBYTES ? 1 : op == BINBYTES ? 4 : 8, op));
            case SHORT_BINUNICODE, BINUNICODE, BINUNICODE8 -> {
                int n = length(op == SHORT_BINUNICODE ? 1 : op == BINUNICODE ? 4 : 8, op);
                literals.addLast(new String(pickle, in.position(), n, StandardCharsets.UTF_8));
                skip(n);
            }
            case SHORT_BINSTRING, BINSTRING -> {
                // razorvine decodes Python 2 str bytes as Latin-1.
                int n = length(op == SHORT_BINSTRING ? 1 : 4, op);
                literals.addLast(new String(pickle, in.position(), n, StandardCharsets.ISO_8859_1));
                skip(n);
            }
            case STRING, UNICODE -> {
                line(op);
                literals.clear(); // escaped text forms: valid values, never trusted as global names
            }
            case BINPUT -> {
                if (!in.hasRemaining()) throw truncated(op);
                put(in.get() & 0xff, op);
            }
            case LONG_BINPUT -> put(int4(op), op);
            case PUT -> put(memoIndex(line(op)), op);
            case MEMOIZE -> put(memo.size(), op);
            case BINGET -> {
                if (!in.hasRemaining()) throw truncated(op);
                get(in.get() & 0xff);
            }
            case LONG_BINGET -> get(int4(op));
            case GET -> get(memoIndex(line(op)));
            case GLOBAL -> {
                String module = line(op);
                String name = line(op);
                checkGlobal(module, name);
                literals.clear();
            }
            case STACK_GLOBAL -> {
                if (literals.size() < 2) {
                    throw fail("refused STACK_GLOBAL at byte " + at + ": its module and name are not string literals");
                }
                String name = literals.removeLast();
                String module = literals.removeLast();
                checkGlobal(module, name);
                literals.clear();
            }
            case BUILD -> throw fail("refused pickle opcode BUILD at byte " + at
                    + " (setting object state is not part of a tensor payload)");
            case INST -> {
                String module = line(op);
                String name = line(op);
                checkGlobal(module, name);
                throw fail("refused pickle opcode INST of " + TorchUnpickler.printable(module, name) + " at byte " + at
                        + " (instantiating classes is not part of a tensor payload)");
            }
            case OBJ, NEWOBJ, NEWOBJ_EX -> throw fail("refused pickle opcode " + name(op) + " at byte " + at
                    + " (instantiating classes is not part of a tensor payload)");
            case EXT1, EXT2, EXT4 -> throw fail("refused pickle opcode " + name(op) + " at byte " + at
                    + " (copyreg extension codes name globals indirectly)");
            case EMPTY_SET, ADDITEMS, FROZENSET -> throw fail("refused pickle opcode " + name(op) + " at byte " + at
                    + " (sets are not part of a tensor payload)");
            case PERSID -> throw fail("refused pickle opcode PERSID at byte " + at
                    + " (storages are identified by BINPERSID tuples)");
            case NEXT_BUFFER, READONLY_BUFFER -> throw fail("refused pickle opcode " + name(op) + " at byte " + at
                    + " (out-of-band buffers are not part of a tensor payload)");
            default -> throw fail(String.format("unknown pickle opcode 0x%02x at byte %d", op, at));
        }
    }

    private void checkGlobal(String module, String name) throws PayloadFormatException {
        if (TorchUnpickler.isWhitelisted(module, name)) return;
        if (module.equals("torch.storage") && name.equals("_load_from_bytes")) {
            throw new PayloadFormatException("refused pickle global torch.storage._load_from_bytes in " + file
                    + " (a legacy storage pickle: loading it runs torch.load on embedded bytes)");
        }
        throw fail("refused pickle global " + TorchUnpickler.printable(module, name));
    }

    private void put(int index, int op) throws PayloadFormatException {
        if (index < 0) throw fail("negative memo index " + index + " in " + name(op));
        memo.put(index, literals.peekLast());
    }

    private void get(int index) throws PayloadFormatException {
        if (!memo.containsKey(index)) throw fail("data.pkl reads memo slot " + index + ", which was never stored");
        String literal = memo.get(index);
        if (literal == null) literals.clear();
        else literals.addLast(literal);
    }

    private int memoIndex(String text) throws PayloadFormatException {
        if (!text.matches("[0-9]{1,9}")) throw fail("memo index " + PythonRepr.brief(text) + " is not a number");
        return Integer.parseInt(text);
    }

    private void pushOther(int operandBytes) throws PayloadFormatException {
        skip(operandBytes);
        literals.clear();
    }

    /** A little-endian length prefix of {@code width} bytes, checked against the bytes that follow it. */
    private int length(int width, int op) throws PayloadFormatException {
        if (in.remaining() < width) throw truncated(op);
        long n = width == 1 ? in.get() & 0xff : width == 4 ? in.getInt() : in.getLong();
        if (n < 0 || n > in.remaining()) {
            throw fail("data.pkl declares a " + n + "-byte value but only " + in.remaining() + " bytes remain");
        }
        return (int) n;
    }

    private int int4(int op) throws PayloadFormatException {
        if (in.remaining() < 4) throw truncated(op);
        return in.getInt();
    }

    private void skip(int n) throws PayloadFormatException {
        if (in.remaining() < n) throw fail("data.pkl ends inside an operand (truncated)");
        in.position(in.position() + n);
    }

    /** A newline-terminated operand, as razorvine reads it (the newline excluded). */
    private String line(int op) throws PayloadFormatException {
        int start = in.position();
        for (int i = start; i < pickle.length; i++) {
            if (pickle[i] == '\n') {
                in.position(i + 1);
                return new String(pickle, start, i - start, StandardCharsets.ISO_8859_1);
            }
        }
        throw truncated(op);
    }

    private PayloadFormatException truncated(int op) {
        return fail("data.pkl ends inside the operand of " + name(op) + " (truncated)");
    }

    private static String name(int op) {
        return NAMES.getOrDefault(op, String.format("opcode 0x%02x", op));
    }

    private PayloadFormatException fail(String what) {
        return ZipDirectory.fail(file, what);
    }
}
