package dev.tdw.model.tensor;

import net.razorvine.pickle.Unpickler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hostile-pickle corpus: payloads written by Python's own pickler (resources {@code hostile/}, see its
 * generate.py) and hand-assembled opcode tricks. Each puts a genuine tensor before the attack, and each must be
 * refused with a message naming what was refused, before a storage is mapped or any object is built.
 */
class HostilePickleTest {
    @TempDir
    Path dir;

    private final PayloadReader reader = new PayloadReader();

    static Path hostileDir() {
        try {
            return Path.of(HostilePickleTest.class.getResource("hostile/expected.tsv").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> pythonMade() throws IOException {
        return Files.readAllLines(hostileDir().resolve("expected.tsv")).stream()
                .filter(line -> !line.isBlank())
                .map(line -> line.split("\t"))
                .map(f -> Arguments.of(f[0], f[1]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pythonMade")
    void payloadsWrittenByPythonsPicklerAreRefusedByName(String file, String refusal) {
        Path payload = hostileDir().resolve(file);
        PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(payload).close());
        assertTrue(e.getMessage().contains(refusal) && e.getMessage().contains(payload.toString()), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pythonMade")
    void pythonMadeAttacksBuildNothing(String file, String refusal) throws IOException {
        assertRefusedBeforeAnythingIsBuilt(dataPkl(hostileDir().resolve(file)), refusal);
    }

    @Test
    void whatPythonWritesWithProtocols4And5StillLoads() throws IOException {
        for (String file : List.of("benign-protocol4.pt", "benign-protocol5.pt")) {
            try (Payload p = reader.read(hostileDir().resolve(file))) {
                Tensor t = p.entry("layers.0.mlp#0").orElseThrow().tensor();
                assertEquals(List.of(1.0, 1.0, 1.0, 1.0), List.of(t.getDouble(0), t.getDouble(1), t.getDouble(2), t.getDouble(3)));
            }
        }
    }

    /** An attack in the second entry of {@code tensors}, after a genuine tensor over storage "0". */
    private static byte[] tensorThen(Consumer<PickleBytes> attack) {
        PickleBytes p = PickleBytes.proto(2).op('}', '(').str("tensors").op(']', '(').str("a")
                .tensor("FloatStorage", "0", 4, 0, new long[] {4}, new long[] {1}).op(0x86).str("b");
        attack.accept(p);
        return p.op(0x86, 'e', 'u', '.').bytes();
    }

    private static Consumer<PickleBytes> call(String module, String name) {
        return p -> p.global(module, name).op(')', 'R');
    }

    static Stream<Arguments> handMade() {
        return Stream.of(
                // Whitelisted-looking names: only the exact (module, name) pairs are accepted.
                Arguments.of("dotted name split differently", call("torch", "_utils._rebuild_tensor_v2"),
                        "refused pickle global ('torch', '_utils._rebuild_tensor_v2')"),
                Arguments.of("carriage return in module", call("torch._utils\r", "_rebuild_tensor_v2"),
                        "refused pickle global ('torch._utils\\r', '_rebuild_tensor_v2')"),
                Arguments.of("trailing space in module", call("collections ", "OrderedDict"),
                        "refused pickle global ('collections ', 'OrderedDict')"),
                Arguments.of("rebuild name in builtins", call("builtins", "_rebuild_tensor_v2"),
                        "refused pickle global builtins._rebuild_tensor_v2"),
                Arguments.of("OrderedDict from the C module", call("_collections", "OrderedDict"),
                        "refused pickle global _collections.OrderedDict"),
                Arguments.of("storage class of another module", call("torch.cuda", "FloatStorage"),
                        "refused pickle global torch.cuda.FloatStorage"),
                Arguments.of("torch.load", call("torch", "load"), "refused pickle global torch.load"),
                Arguments.of("empty module", call("", "eval"), "refused pickle global ('', 'eval')"),
                // STACK_GLOBAL and memo tricks.
                Arguments.of("STACK_GLOBAL from string literals",
                        (Consumer<PickleBytes>) p -> p.str("subprocess").str("Popen").op(0x93, ')', 'R'),
                        "refused pickle global subprocess.Popen"),
                Arguments.of("STACK_GLOBAL with a module from the memo",
                        (Consumer<PickleBytes>) p -> p.str("os").op('q', 9, '0', 'h', 9).str("system").op(0x93),
                        "refused pickle global os.system"),
                Arguments.of("memo slot overwritten after a whitelisted name",
                        (Consumer<PickleBytes>) p -> p.str("torch._utils").op('q', 0, '0').str("posix").op('q', 0, '0')
                                .op('h', 0).str("system").op(0x93),
                        "refused pickle global posix.system"),
                Arguments.of("STACK_GLOBAL with a name computed on the stack",
                        (Consumer<PickleBytes>) p -> p.str("os").op(']', 'q', 1, '0', 'h', 1, 0x93),
                        "refused STACK_GLOBAL at byte"),
                Arguments.of("STACK_GLOBAL after DUP", (Consumer<PickleBytes>) p -> p.str("eval").op('2', 0x93),
                        "refused STACK_GLOBAL at byte"),
                Arguments.of("memo slot never stored", (Consumer<PickleBytes>) p -> p.op('h', 7),
                        "reads memo slot 7, which was never stored"),
                // Persistent ids.
                Arguments.of("GLOBAL inside a persistent id", (Consumer<PickleBytes>) p -> p.op('(').str("storage")
                                .global("builtins", "eval").str("0").str("cpu").integer(4).op('t', 'Q'),
                        "refused pickle global builtins.eval"),
                Arguments.of("text persistent id", (Consumer<PickleBytes>) p -> p.op('P').raw("0\n"),
                        "refused pickle opcode PERSID"),
                // Opcodes that instantiate, extend or set state.
                Arguments.of("INST of a whitelisted class", (Consumer<PickleBytes>) p -> p.op('(', 'i').raw("collections\nOrderedDict\n"),
                        "refused pickle opcode INST of collections.OrderedDict"),
                Arguments.of("OBJ", (Consumer<PickleBytes>) p -> p.op('(').global("collections", "OrderedDict").op('o'),
                        "refused pickle opcode OBJ"),
                Arguments.of("NEWOBJ", (Consumer<PickleBytes>) p -> p.global("collections", "OrderedDict").op(')', 0x81),
                        "refused pickle opcode NEWOBJ"),
                Arguments.of("NEWOBJ_EX", (Consumer<PickleBytes>) p -> p.global("collections", "OrderedDict").op(')', '}', 0x92),
                        "refused pickle opcode NEWOBJ_EX"),
                Arguments.of("EXT1", (Consumer<PickleBytes>) p -> p.op(0x82, 1), "refused pickle opcode EXT1"),
                Arguments.of("EXT4", (Consumer<PickleBytes>) p -> p.op(0x84, 1, 0, 0, 0), "refused pickle opcode EXT4"),
                Arguments.of("BUILD on a whitelisted object",
                        (Consumer<PickleBytes>) p -> p.global("collections", "OrderedDict").op(')', 'R', '}', 'b'),
                        "refused pickle opcode BUILD"),
                Arguments.of("frozenset", (Consumer<PickleBytes>) p -> p.op('(', 0x91), "sets are not part of a tensor payload"),
                Arguments.of("out-of-band buffer", (Consumer<PickleBytes>) p -> p.op(0x97), "refused pickle opcode NEXT_BUFFER"),
                Arguments.of("unknown opcode", (Consumer<PickleBytes>) p -> p.op(0xff), "unknown pickle opcode 0xff"),
                // Lengths that lie.
                Arguments.of("8-byte length beyond the end",
                        (Consumer<PickleBytes>) p -> p.op(0x8d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f),
                        "declares a 9223372036854775807-byte value"),
                Arguments.of("negative LONG4 length", (Consumer<PickleBytes>) p -> p.op(0x8b, 0xff, 0xff, 0xff, 0xff),
                        "declares a -1-byte value"),
                // Numbers whose decimal conversion is quadratic: 100k digits cost seconds, 60 M digits hours.
                Arguments.of("text LONG of 100000 digits", (Consumer<PickleBytes>) p -> p.op('L').raw("7".repeat(100_000) + "L\n"),
                        "LONG at byte"),
                Arguments.of("text INT of 4301 digits", (Consumer<PickleBytes>) p -> p.op('I').raw("7".repeat(4301) + "\n"),
                        "has 4301 digits, more than 4300"),
                Arguments.of("LONG4 of 1787 bytes", (Consumer<PickleBytes>) p -> p.op(0x8b, 0xfb, 0x06, 0, 0).raw("x".repeat(1787)),
                        "LONG4 at byte"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handMade")
    void opcodeTricksAreRefusedByName(String what, Consumer<PickleBytes> attack, String refusal) throws IOException {
        Path file = zip(tensorThen(attack));
        PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(file).close());
        assertTrue(e.getMessage().contains(refusal) && e.getMessage().contains(file.toString()), e.getMessage());
    }

    /**
     * Whitelisted values used the wrong way. The scan cannot tell a call's callee, so these are refused when the
     * call is reached: what came before may be built, but only whitelisted code ever runs.
     */
    static Stream<Arguments> misusedWhitelist() {
        return Stream.of(
                Arguments.of("REDUCE of a dtype", call("torch", "float32"), "refused REDUCE of torch.float32"),
                Arguments.of("REDUCE of a storage class", call("torch", "FloatStorage"), "refused REDUCE of torch.FloatStorage"),
                Arguments.of("REDUCE of a string", (Consumer<PickleBytes>) p -> p.str("os.system").op(')', 'R'),
                        "refused REDUCE of 'os.system'"),
                Arguments.of("REDUCE with a list for arguments",
                        (Consumer<PickleBytes>) p -> p.global("collections", "OrderedDict").op(']', 'R'),
                        "REDUCE of collections.OrderedDict with arguments that are not a tuple"),
                Arguments.of("callable instead of a storage class", (Consumer<PickleBytes>) p -> p.op('(').str("storage")
                                .global("torch._utils", "_rebuild_tensor_v2").str("0").str("cpu").integer(4).op('t', 'Q'),
                        "persistent id names torch._utils._rebuild_tensor_v2 instead of a typed storage class"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("misusedWhitelist")
    void misusedWhitelistedValuesAreRefusedByName(String what, Consumer<PickleBytes> attack, String refusal) throws IOException {
        opcodeTricksAreRefusedByName(what, attack, refusal);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handMade")
    void opcodeTricksBuildNothing(String what, Consumer<PickleBytes> attack, String refusal) {
        assertRefusedBeforeAnythingIsBuilt(tensorThen(attack), refusal);
    }

    /**
     * The genuine tensor in front of the attack is never built: no storage is asked for. Constructors registered in
     * razorvine's shared registry under the refused names never run either.
     */
    private static void assertRefusedBeforeAnythingIsBuilt(byte[] pickle, String refusal) {
        AtomicInteger built = new AtomicInteger();
        List<String> globals = new ArrayList<>(List.of("os.system", "posix.system", "builtins.eval", "subprocess.Popen"));
        String named = "refused pickle global ";
        if (refusal.startsWith(named) && !refusal.contains("(")) globals.add(refusal.substring(named.length()));
        for (String global : globals) {
            int dot = global.lastIndexOf('.');
            Unpickler.registerConstructor(global.substring(0, dot), global.substring(dot + 1), args -> {
                built.incrementAndGet();
                return "built";
            });
        }
        TorchUnpickler.StorageSource spy = (key, dtype, numel) -> {
            built.incrementAndGet();
            return new Storage(key, dtype, numel, ByteBuffer.allocate((int) numel * dtype.elementSize()));
        };
        PayloadFormatException e = assertThrows(PayloadFormatException.class,
                () -> TorchUnpickler.load(pickle, "hostile.pt", PayloadLimits.DEFAULTS, spy));
        assertTrue(e.getMessage().contains(refusal), e.getMessage());
        assertEquals(0, built.get(), "objects built before the refusal");
    }

    @Test
    void theSameTensorWithoutAnAttackIsBuilt() throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.tensor("FloatStorage", "0", 4, 0, new long[] {4}, new long[] {1}));
        try (Payload p = reader.read(zip(pickle))) {
            assertEquals(4, p.entries().get(0).tensor().numel());
        }
    }

    /**
     * A 100k-item tuple, memoized once and passed to torch.Size 100 times: 100k opcodes ask for 10 M copied values.
     * Each call would allocate again, so a few MB of pickle could demand terabytes.
     */
    @Test
    void sharedArgumentsCannotMultiplyWork() throws IOException {
        PickleBytes p = PickleBytes.proto(2).op('}', '(').str("tensors").op(']').str("metadata").op(']', '(', 'K', 0);
        for (int i = 0; i < 100_000; i++) p.op('2');
        p.op('t', 0x85, 'q', 0, '0').global("torch", "Size").op('q', 1, '0', '(');
        for (int i = 0; i < 100; i++) p.op('h', 1, 'h', 0, 'R');
        byte[] pickle = p.op('e', 'u', '.').bytes();
        PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(zip(pickle)).close());
        assertTrue(e.getMessage().contains("copy more than 5000000 values"), e.getMessage());
    }

    @Test
    void integersUpToCPythonsDigitLimitLoad() throws IOException {
        String digits = "7".repeat(PickleScan.MAX_NUMBER_DIGITS);
        byte[] pickle = PickleBytes.proto(2).op('}', '(').str("tensors").op(']').str("metadata")
                .op('}').str("big").op('L').raw(digits + "L\n").op('s', 'u', '.').bytes();
        try (Payload p = reader.read(zip(pickle))) {
            assertEquals(new java.math.BigInteger(digits), p.metadata().get("big"));
        }
    }

    @Test
    void truncatedPickleIsRefusedBeforeAnythingIsBuilt() {
        byte[] whole = tensorThen(p -> p.op('N'));
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 1);
        assertRefusedBeforeAnythingIsBuilt(cut, "data.pkl ends without a STOP opcode");
    }

    /** A self-referential list where a string belongs: the message shows a bounded repr instead of overflowing. */
    @Test
    void selfReferentialValuesInMessagesAreBounded() throws IOException {
        byte[] pickle = PickleBytes.proto(2).op('}', '(').str("tensors").op(']', '(')
                .op(']', 'q', 0, 'h', 0, 'a') // L = [L]
                .tensor("FloatStorage", "0", 4, 0, new long[] {4}, new long[] {1})
                .op(0x86, 'e', 'u', '.').bytes();
        PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(zip(pickle)).close());
        assertTrue(e.getMessage().contains("tensors stage is not a string: [[[[...]]]]"), e.getMessage());
    }

    /** A self-referential tuple as a metadata key: Python's json would refuse it, here it becomes a bounded repr. */
    @Test
    void selfReferentialDictKeysBecomeBoundedText() throws IOException {
        byte[] pickle = PickleBytes.proto(2).op('}', '(').str("tensors").op(']').str("metadata")
                .op(']', 'q', 0, 'h', 0, 0x85, 'q', 1, 'a', '0') // L = [t], t = (L,)
                .op('}', 'h', 1, 'K', 1, 's')
                .op('u', '.').bytes();
        try (Payload p = reader.read(zip(pickle))) {
            String key = p.metadata().keySet().iterator().next();
            assertEquals("([([...],)],)", key);
            assertEquals(1L, p.metadata().get(key));
        }
    }

    private Path zip(byte[] pickle) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/data.pkl", pickle);
        entries.put("p/data/0", ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putFloat(1).array());
        entries.put("p/version", "3\n".getBytes());
        Path file = Files.createTempFile(dir, "hostile", ".pt");
        PickleBytes.zip(file, entries, false);
        return file;
    }

    static byte[] dataPkl(Path payload) {
        try (ZipFile zip = new ZipFile(payload.toFile())) {
            List<String> names = new ArrayList<>();
            zip.stream().forEach(e -> names.add(e.getName()));
            String pkl = names.stream().filter(n -> n.endsWith("/data.pkl")).findFirst().orElseThrow();
            return zip.getInputStream(zip.getEntry(pkl)).readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
