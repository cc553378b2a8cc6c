package dev.tdw.bridge.ascend;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.*;

/** Every bound C function against the test double (current layout), including its failure reports. */
class AclBindingTest {
    private static Acl acl;
    private Pointer stream;

    /** ACL is initialised once per process (AclProcessStateTest covers init and finalize). */
    @BeforeAll
    static void load() {
        acl = new Acl(NativeSymbols.load(TestDouble.libraries("current")));
        assertTrue(acl.init());
    }

    @BeforeEach
    void open() {
        acl.setDevice(0);
        stream = acl.createStream();
    }

    @AfterEach
    void close() {
        acl.destroyStream(stream);
        acl.resetDevice(0);
    }

    private static AclException failure(Runnable call) {
        return assertThrows(AclException.class, call::run);
    }

    private static Memory floats(float... values) {
        var m = new Memory(4L * values.length);
        for (int i = 0; i < values.length; i++) m.setFloat(4L * i, values[i]);
        return m;
    }

    private Pointer upload(float... values) {
        Pointer device = acl.malloc(4L * values.length);
        acl.memcpy(device, 4L * values.length, floats(values), 4L * values.length, Acl.HOST_TO_DEVICE);
        return device;
    }

    /** Both phases with a workspace of the size the first asked for; returns the workspace (null if none). */
    private Pointer launch(String operator, Object... args) {
        var prepared = acl.prepare(operator, args);
        Pointer workspace = prepared.workspaceSize() > 0 ? acl.malloc(prepared.workspaceSize()) : null;
        acl.run(prepared, workspace, stream);
        return workspace;
    }

    private static long liveExecutors() {
        return NativeSymbols.load(TestDouble.libraries("current")).require("tdw_double_live_count").invokeLong(new Object[] {6});
    }

    private float[] download(Pointer device, int count) {
        var host = new Memory(4L * count);
        acl.memcpy(host, 4L * count, device, 4L * count, Acl.DEVICE_TO_HOST);
        return host.getFloatArray(0, count);
    }

    @Test
    void devicesAreCountedSetAndReset() {
        assertEquals(2, acl.deviceCount());
        var missing = failure(() -> acl.setDevice(7));
        assertEquals(OptionalInt.of(200002), missing.status());
        assertTrue(missing.recentMessage().contains("device 7 does not exist"), missing.recentMessage());
        var notCurrent = failure(() -> acl.resetDevice(1));
        assertEquals("aclrtResetDevice", notCurrent.function());
    }

    @Test
    void memoryInfoTracksAllocations() {
        long[] before = acl.memoryInfo(Acl.HBM_MEMORY);
        assertEquals(32L << 30, before[1]);
        Pointer block = acl.malloc(1 << 20);
        assertEquals(before[0] - (1 << 20), acl.memoryInfo(Acl.HBM_MEMORY)[0]);
        acl.free(block);
        assertEquals(before[0], acl.memoryInfo(Acl.HBM_MEMORY)[0]);
        assertEquals(OptionalInt.of(100000), failure(() -> acl.memoryInfo(9)).status());
    }

    @Test
    void memcpyRoundTripsThroughTheDeviceInBothDirections() {
        Pointer a = upload(1, 2, 3, 4);
        Pointer b = acl.malloc(16);
        acl.memcpy(b, 16, a, 16, Acl.DEVICE_TO_DEVICE);
        assertArrayEquals(new float[] {1, 2, 3, 4}, download(b, 4));
        acl.free(a);
        acl.free(b);
    }

    @Test
    void memcpyRejectsAKindThatDoesNotMatchThePointers() {
        Pointer device = acl.malloc(16);
        var e = failure(() -> acl.memcpy(device, 16, new Memory(16), 16, Acl.DEVICE_TO_HOST));
        assertEquals("aclrtMemcpy", e.function());
        assertEquals(OptionalInt.of(100000), e.status());
        assertTrue(e.recentMessage().contains("kind 2 does not match the pointers (dst device, src host)"), e.recentMessage());
        acl.free(device);
    }

    @Test
    void freeingTwiceFails() {
        Pointer p = acl.malloc(8);
        acl.free(p);
        var e = failure(() -> acl.free(p));
        assertTrue(e.recentMessage().contains("is not a live device allocation"), e.recentMessage());
    }

    @Test
    void streamsAreCreatedSynchronizedAndDestroyedOnce() {
        Pointer other = acl.createStream();
        acl.synchronizeStream(other);
        acl.destroyStream(other);
        assertEquals(OptionalInt.of(200005), failure(() -> acl.destroyStream(other)).status());
        assertEquals("aclrtSynchronizeStreamWithTimeout", failure(() -> acl.synchronizeStream(other)).function());
    }

    @Test
    void tensorsHonourOffsetBeforeFormatAndStrides() {
        Pointer data = upload(0, 1, 2, 3, 4, 5, 6, 7);
        // Elements 3 and 5: offset 3, stride 2. Had offset and format been swapped, the tensor would carry
        // format 3 (NC1HWC0), which aclnnMul refuses.
        Pointer view = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {2}, 3, Acl.FORMAT_ND, new long[] {8}, data);
        Pointer outData = acl.malloc(8);
        Pointer out = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, outData);
        Pointer workspace = launch("aclnnMul", view, view, out);
        assertNull(workspace, "aclnnMul needs no workspace");
        acl.synchronizeStream(stream);
        assertArrayEquals(new float[] {9, 25}, download(outData, 2));
        acl.destroyTensor(view);
        acl.destroyTensor(out);
        acl.free(data);
        acl.free(outData);
    }

    @Test
    void aTensorReachingPastItsStorageIsRefusedWithTheReason() {
        Pointer data = upload(0, 1, 2, 3);
        var e = failure(() -> acl.createTensor(new long[] {3}, DType.FLOAT32, new long[] {2}, 0, Acl.FORMAT_ND, new long[] {4}, data));
        assertEquals("aclCreateTensor", e.function());
        assertEquals(OptionalInt.empty(), e.status());
        assertEquals("aclCreateTensor: view reaches element 4 but the storage holds 4", e.recentMessage());
        acl.free(data);
    }

    @Test
    void aTensorOverHostMemoryIsRefused() {
        var e = failure(() -> acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, floats(1, 2)));
        assertTrue(e.recentMessage().contains("is not in device memory"), e.recentMessage());
    }

    @Test
    void handlesAreDestroyedOnce() {
        Pointer data = upload(1);
        Pointer t = acl.createTensor(new long[] {1}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {1}, data);
        acl.destroyTensor(t);
        assertEquals(OptionalInt.of(161002), failure(() -> acl.destroyTensor(t)).status());
        Pointer s = acl.createScalar(2.5, DType.FLOAT64);
        acl.destroyScalar(s);
        assertEquals("aclDestroyScalar", failure(() -> acl.destroyScalar(s)).function());
        Pointer a = acl.createIntArray(new long[] {2, 3});
        acl.destroyIntArray(a);
        assertEquals("aclDestroyIntArray", failure(() -> acl.destroyIntArray(a)).function());
        acl.free(data);
    }

    @Test
    void scalarsCarryTheirValueInTheirType() {
        for (DType type : new DType[] {DType.FLOAT32, DType.FLOAT64, DType.FLOAT16, DType.BFLOAT16, DType.INT64, DType.INT32}) {
            Pointer self = upload(1, 1);
            Pointer outData = acl.malloc(8);
            Pointer a = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, self);
            Pointer out = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, outData);
            Pointer alpha = acl.createScalar(3, type);
            launch("aclnnAdd", a, a, alpha, out);
            acl.synchronizeStream(stream);
            assertArrayEquals(new float[] {4, 4}, download(outData, 2), type.torchName());
            acl.destroyScalar(alpha);
            acl.destroyTensor(a);
            acl.destroyTensor(out);
            acl.free(self);
            acl.free(outData);
        }
    }

    @Test
    void addRequiresAnAlphaCastableToTheInputType() {
        Pointer data = acl.malloc(16), outData = acl.malloc(16);
        Pointer a = acl.createTensor(new long[] {2}, DType.INT64, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer out = acl.createTensor(new long[] {2}, DType.INT64, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, outData);
        Pointer floatAlpha = acl.createScalar(1, DType.FLOAT32);
        var e = failure(() -> acl.prepare("aclnnAdd", a, a, floatAlpha, out));
        assertEquals(OptionalInt.of(161002), e.status());
        assertTrue(e.recentMessage().contains("cannot be cast to the integer type"), e.recentMessage());
        assertEquals(OptionalInt.of(161001), failure(() -> acl.prepare("aclnnAdd", a, a, null, out)).status(), "alpha is required");
        acl.destroyScalar(floatAlpha);
        acl.destroyTensor(a);
        acl.destroyTensor(out);
        acl.free(data);
        acl.free(outData);
    }

    @Test
    void activationsAndLayerNormWriteTheInputType() {
        Pointer data = upload(1, 2), outData = acl.malloc(8);
        Pointer x = acl.createTensor(new long[] {1, 2}, DType.FLOAT32, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer half = acl.createTensor(new long[] {1, 2}, DType.FLOAT16, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {4}, outData);
        Pointer shape = acl.createIntArray(new long[] {2});
        for (var e : java.util.List.of(failure(() -> acl.prepare("aclnnSilu", x, half)),
                failure(() -> acl.prepare("aclnnGeluV2", x, 0L, half)),
                failure(() -> acl.prepare("aclnnLayerNorm", x, shape, null, null, 1e-5, half, null, null)))) {
            assertEquals(OptionalInt.of(161002), e.status(), e.function());
            assertTrue(e.recentMessage().contains("in shape or type"), e.recentMessage());
        }
        acl.destroyIntArray(shape);
        acl.destroyTensor(x);
        acl.destroyTensor(half);
        acl.free(data);
        acl.free(outData);
    }

    @Test
    void addRmsNormWantsGammaInTheTypeOfX1() {
        Pointer data = acl.malloc(64), outData = acl.malloc(64);
        Pointer x = acl.createTensor(new long[] {1, 8}, DType.BFLOAT16, new long[] {8, 1}, 0, Acl.FORMAT_ND, new long[] {8}, data);
        Pointer gamma = acl.createTensor(new long[] {8}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {8}, data);
        Pointer y = acl.createTensor(new long[] {1, 8}, DType.BFLOAT16, new long[] {8, 1}, 0, Acl.FORMAT_ND, new long[] {8}, outData);
        Pointer sum = acl.createTensor(new long[] {1, 8}, DType.BFLOAT16, new long[] {8, 1}, 8, Acl.FORMAT_ND, new long[] {16}, outData);
        Pointer rstd = acl.createTensor(new long[] {1, 1}, DType.FLOAT32, new long[] {1, 1}, 8, Acl.FORMAT_ND, new long[] {16}, outData);
        var e = failure(() -> acl.prepare("aclnnAddRmsNorm", x, x, gamma, 1e-6, y, rstd, sum));
        assertEquals(OptionalInt.of(161002), e.status());
        assertTrue(e.recentMessage().contains("gamma has type 0 but x1 has type 27"), e.recentMessage());
        for (Pointer t : new Pointer[] {x, gamma, y, sum, rstd}) acl.destroyTensor(t);
        acl.free(data);
        acl.free(outData);
    }

    @Test
    void rotaryTakesOnly4dInputWithAnEvenHeadDimBelow896() {
        Pointer data = acl.malloc(4 * 2 * 2 * 898);
        java.util.function.BiFunction<long[], long[], Pointer> t = (shape, strides) ->
                acl.createTensor(shape, DType.FLOAT32, strides, 0, Acl.FORMAT_ND, new long[] {2 * 2 * 898}, data);
        Pointer x3 = t.apply(new long[] {2, 2, 8}, new long[] {16, 8, 1}), cos3 = t.apply(new long[] {2, 1, 8}, new long[] {8, 8, 1});
        Pointer odd = t.apply(new long[] {1, 2, 2, 7}, new long[] {28, 14, 7, 1}), oddCos = t.apply(new long[] {1, 2, 1, 7}, new long[] {14, 7, 7, 1});
        Pointer wide = t.apply(new long[] {1, 1, 2, 896}, new long[] {1792, 1792, 896, 1}), wideCos = t.apply(new long[] {1, 1, 2, 896}, new long[] {1792, 1792, 896, 1});
        Pointer x4 = t.apply(new long[] {1, 2, 2, 8}, new long[] {32, 16, 8, 1}), full = t.apply(new long[] {1, 2, 2, 8}, new long[] {32, 16, 8, 1});
        String fn = "aclnnRotaryPositionEmbedding";
        assertTrue(failure(() -> acl.prepare(fn, x3, cos3, cos3, 0L, x3)).recentMessage().contains("x must be 4-D"));
        assertTrue(failure(() -> acl.prepare(fn, odd, oddCos, oddCos, 0L, odd)).recentMessage().contains("must be even and below 896"));
        assertTrue(failure(() -> acl.prepare(fn, wide, wideCos, wideCos, 0L, wide)).recentMessage().contains("must be even and below 896"));
        assertTrue(failure(() -> acl.prepare(fn, x4, full, full, 1L, x4)).recentMessage().contains("is not a layout mode 1 supports"),
                "interleave mode takes no per-head tables");
        acl.destroyExecutor(acl.prepare(fn, x4, full, full, 0L, x4));
        for (Pointer p : new Pointer[] {x3, cos3, odd, oddCos, wide, wideCos, x4, full}) acl.destroyTensor(p);
        acl.free(data);
    }

    @Test
    void layerNormComparesWeightShapesNotElementCounts() {
        Pointer data = upload(1, 2, 3, 4, 5, 6, 7, 8), outData = acl.malloc(32);
        Pointer x = acl.createTensor(new long[] {1, 2, 4}, DType.FLOAT32, new long[] {8, 4, 1}, 0, Acl.FORMAT_ND, new long[] {8}, data);
        Pointer flat = acl.createTensor(new long[] {8}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {8}, data);
        Pointer out = acl.createTensor(new long[] {1, 2, 4}, DType.FLOAT32, new long[] {8, 4, 1}, 0, Acl.FORMAT_ND, new long[] {8}, outData);
        Pointer shape = acl.createIntArray(new long[] {2, 4});
        var e = failure(() -> acl.prepare("aclnnLayerNorm", x, shape, null, flat, 1e-5, out, null, null));
        assertTrue(e.recentMessage().contains("bias's shape is not normalizedShape"), e.recentMessage());
        acl.destroyIntArray(shape);
        for (Pointer t : new Pointer[] {x, flat, out}) acl.destroyTensor(t);
        acl.free(data);
        acl.free(outData);
    }

    @Test
    void aTensorListDestroysItsTensors() {
        Pointer data = upload(1, 2);
        Pointer a = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer b = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer list = acl.createTensorList(new Pointer[] {a, b});
        acl.destroyTensorList(list);
        assertTrue(failure(() -> acl.destroyTensor(a)).recentMessage().contains("is not a live object"), "the list destroyed it");
        assertEquals("aclDestroyTensorList", failure(() -> acl.destroyTensorList(list)).function());
        acl.free(data);
    }

    @Test
    void matmulTakesEveryCubeMathTypeOfTheHeader() {
        Pointer data = upload(1, 2, 3, 4), outData = acl.malloc(16);
        Pointer a = acl.createTensor(new long[] {2, 2}, DType.FLOAT32, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {4}, data);
        Pointer out = acl.createTensor(new long[] {2, 2}, DType.FLOAT32, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {4}, outData);
        for (byte type = 0; type <= 4; type++) acl.destroyExecutor(acl.prepare("aclnnMatmul", a, a, out, type));
        assertTrue(failure(() -> acl.prepare("aclnnMatmul", a, a, out, (byte) 5)).recentMessage().contains("is not 0..4"));
        acl.destroyTensor(a);
        acl.destroyTensor(out);
        acl.free(data);
        acl.free(outData);
    }

    @Test
    void resultsAppearOnlyAfterTheStreamIsSynchronized() {
        Pointer data = upload(0, 0);
        Pointer outData = acl.malloc(8);
        Pointer x = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer out = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, outData);
        launch("aclnnSilu", x, out);
        assertNotEquals(0f, download(outData, 2)[0], "unsynchronized: still the uninitialized device pattern");
        acl.synchronizeStream(stream);
        assertArrayEquals(new float[] {0, 0}, download(outData, 2));
        acl.destroyTensor(x);
        acl.destroyTensor(out);
        acl.free(data);
        acl.free(outData);
    }

    @Test
    void theSecondPhaseChecksWorkspaceAndExecutor() {
        Pointer data = upload(3, 4);
        Pointer yData = acl.malloc(8), rstdData = acl.malloc(4);
        Pointer x = acl.createTensor(new long[] {1, 2}, DType.FLOAT32, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer g = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer y = acl.createTensor(new long[] {1, 2}, DType.FLOAT32, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {2}, yData);
        Pointer rstd = acl.createTensor(new long[] {1, 1}, DType.FLOAT32, new long[] {1, 1}, 0, Acl.FORMAT_ND, new long[] {1}, rstdData);
        var size = new LongByReference();
        var executor = new PointerByReference();
        var symbols = NativeSymbols.load(TestDouble.libraries("current"));
        assertEquals(0, symbols.require("aclnnRmsNormGetWorkspaceSize").invokeInt(new Object[] {x, g, 1e-6, y, rstd, size, executor}));
        assertEquals(4, size.getValue(), "one float of scratch per row");
        int status = symbols.require("aclnnRmsNorm").invokeInt(new Object[] {null, 0L, executor.getValue(), stream});
        assertEquals(161002, status);
        assertTrue(acl.recentErrorMessage().contains("4 bytes of device memory are required"));
        assertEquals(0, liveExecutors(), "a failed second phase deletes its executor, as op_executor.cpp does");
        assertEquals(0, symbols.require("aclnnRmsNormGetWorkspaceSize").invokeInt(new Object[] {x, g, 1e-6, y, rstd, size, executor}));
        Pointer workspace = acl.malloc(4);
        assertEquals(0, symbols.require("aclnnRmsNorm").invokeInt(new Object[] {workspace, 4L, executor.getValue(), stream}));
        acl.synchronizeStream(stream);
        assertEquals(161002, symbols.require("aclnnRmsNorm").invokeInt(new Object[] {workspace, 4L, executor.getValue(), stream}),
                "an executor runs once");
        for (Pointer t : new Pointer[] {x, g, y, rstd}) acl.destroyTensor(t);
        for (Pointer p : new Pointer[] {data, yData, rstdData, workspace}) acl.free(p);
    }

    @Test
    void launchAllocatesTheWorkspaceTheFirstPhaseAsksFor() {
        Pointer data = upload(3, 4);
        Pointer yData = acl.malloc(8), rstdData = acl.malloc(4);
        Pointer x = acl.createTensor(new long[] {1, 2}, DType.FLOAT32, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer g = acl.createTensor(new long[] {2}, DType.FLOAT32, new long[] {1}, 0, Acl.FORMAT_ND, new long[] {2}, data);
        Pointer y = acl.createTensor(new long[] {1, 2}, DType.FLOAT32, new long[] {2, 1}, 0, Acl.FORMAT_ND, new long[] {2}, yData);
        Pointer rstd = acl.createTensor(new long[] {1, 1}, DType.FLOAT32, new long[] {1, 1}, 0, Acl.FORMAT_ND, new long[] {1}, rstdData);
        Pointer workspace = launch("aclnnRmsNorm", x, g, 0.0, y, rstd);
        assertNotNull(workspace);
        acl.synchronizeStream(stream);
        float r = (float) (1 / Math.sqrt(12.5));
        assertArrayEquals(new float[] {9 * r, 16 * r}, download(yData, 2), 1e-6f);
        assertArrayEquals(new float[] {r}, download(rstdData, 1), 1e-7f);
        acl.free(workspace);
        for (Pointer t : new Pointer[] {x, g, y, rstd}) acl.destroyTensor(t);
        for (Pointer p : new Pointer[] {data, yData, rstdData}) acl.free(p);
    }

    /** An RmsNorm over [1, 2] in this scope: its arguments, created before any fault is set. */
    private static Object[] rmsNormArguments(DeviceScope scope) {
        var x = dev.tdw.bridge.device.Tensors.contiguous(DType.FLOAT32, new long[] {1, 2}, new double[] {3, 4});
        var g = dev.tdw.bridge.device.Tensors.contiguous(DType.FLOAT32, new long[] {2}, new double[] {1, 1});
        return new Object[] {scope.tensor(x), scope.tensor(g), 1e-6, scope.output(DType.FLOAT32, new long[] {1, 2}).tensor(),
                scope.output(DType.FLOAT32, new long[] {1, 1}).tensor()};
    }

    @Test
    void anExecutorWhoseWorkspaceCannotBeAllocatedIsDestroyed() {
        try (var scope = new DeviceScope(acl, stream)) {
            Object[] args = rmsNormArguments(scope);
            try (var fault = TestDouble.fault("error:aclrtMalloc")) {
                var e = failure(() -> scope.launch("aclnnRmsNorm", args));
                assertEquals("aclrtMalloc", e.function());
                assertEquals(0, e.getSuppressed().length);
            }
        }
        assertEquals(0, liveExecutors(), "the first phase's executor was destroyed");
    }

    @Test
    void anExecutorIsNotDestroyedAfterItsFailedSecondPhase() {
        try (var scope = new DeviceScope(acl, stream)) {
            Object[] args = rmsNormArguments(scope);
            try (var fault = TestDouble.fault("error:aclnnRmsNorm")) {
                var e = failure(() -> scope.launch("aclnnRmsNorm", args));
                assertEquals("aclnnRmsNorm", e.function());
                assertEquals(0, e.getSuppressed().length, "no second delete of the executor was attempted");
            }
        }
        assertEquals(0, liveExecutors());
    }

    @Test
    void aStaleMessageIsNotAttachedToALaterFailure() {
        var first = failure(() -> acl.setDevice(9));
        assertTrue(first.recentMessage().contains("device 9 does not exist"), first.recentMessage());
        assertEquals(first.recentMessage(), acl.recentErrorMessage(), "reading the message does not clear it");
        try (var fault = TestDouble.fault("quiet_error:aclrtMalloc")) {
            var later = failure(() -> acl.malloc(8));
            assertEquals("", later.recentMessage(), "the device-9 message belongs to the earlier failure");
            assertEquals("aclrtMalloc failed with status 200000", later.getMessage());
        }
    }

    private static long messageReads() {
        return NativeSymbols.load(TestDouble.libraries("current")).require("tdw_double_message_reads").invokeLong(new Object[0]);
    }

    @Test
    void theMessageIsReadOnlyAfterAFailure() {
        long before = messageReads();
        Pointer p = upload(1, 2);
        acl.free(p);
        acl.synchronizeStream(stream);
        assertEquals(before, messageReads(), "successful calls do not ask the device for messages");
        failure(() -> acl.free(p));
        assertEquals(before + 1, messageReads());
    }

    /** On a thread without a device, reading the message reports EE1018; a failed aclInit there shows its own message. */
    @Test
    void aFailedInitOnAThreadWithoutADeviceShowsItsOwnMessage() {
        try (var fault = TestDouble.fault("error:aclInit")) {
            var e = java.util.concurrent.CompletableFuture.supplyAsync(() -> failure(acl::init)).join();
            assertEquals(OptionalInt.of(500003), e.status());
            assertEquals("aclInit: injected fault (TDW_DOUBLE_FAULT=error:aclInit)", e.recentMessage());
        }
    }

    @Test
    void aNewerMessagePrependedToAnOlderOneIsTheNewPart() {
        assertEquals("new", Acl.newMessage("old", "new\nold"));
        assertEquals("", Acl.newMessage("old", "old"));
        assertEquals("new", Acl.newMessage("", "new"));
        assertEquals("replaced", Acl.newMessage("old", "replaced"));
    }

    @Test
    void injectedErrorsCarryTheDoublesMessage() {
        failure(() -> acl.setDevice(8)); // another message first, whatever ran before this test
        try (var fault = TestDouble.fault("error:aclrtMalloc")) {
            var e = failure(() -> acl.malloc(8));
            assertEquals("aclrtMalloc", e.function());
            assertEquals(OptionalInt.of(200000), e.status());
            assertEquals("aclrtMalloc: injected fault (TDW_DOUBLE_FAULT=error:aclrtMalloc)", e.recentMessage());
            // The same text again cannot be told from the stale one, so it is left out (Acl.newMessage).
            assertEquals("", failure(() -> acl.malloc(8)).recentMessage());
        }
        acl.free(acl.malloc(8));
    }
}
