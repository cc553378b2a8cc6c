package dev.tdw.bridge.ascend;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.tdw.bridge.device.ElementEncoder;
import dev.tdw.model.tensor.DType;

import java.util.Arrays;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * The CANN C API, one method per function, with the signatures of acl_rt.h, acl_base_rt.h and acl_meta.h
 * (see native-bridge/README.md). size_t and uint64_t travel as Java long: the bridge targets LP64 Linux.
 * Every nonzero status and every null handle becomes an {@link AclException}. Not thread-safe: ACL binds
 * the current device per thread, so a runtime makes all its calls from one thread.
 */
final class Acl {
    /** aclrtMemcpyKind */
    static final int HOST_TO_DEVICE = 1, DEVICE_TO_HOST = 2, DEVICE_TO_DEVICE = 3;
    /** aclrtMemMallocPolicy ACL_MEM_MALLOC_HUGE_FIRST */
    static final int MALLOC_HUGE_FIRST = 0;
    /** aclrtMemAttr ACL_HBM_MEM */
    static final int HBM_MEMORY = 1;
    /** aclFormat ACL_FORMAT_ND */
    static final int FORMAT_ND = 2;

    private final NativeSymbols symbols;

    Acl(NativeSymbols symbols) {
        this.symbols = symbols;
    }

    /** aclDataType of a torch element type (acl_base_rt.h). */
    static int dataType(DType t) {
        return switch (t) {
            case FLOAT32 -> 0;
            case FLOAT16 -> 1;
            case INT8 -> 2;
            case INT32 -> 3;
            case UINT8 -> 4;
            case INT16 -> 6;
            case INT64 -> 9;
            case FLOAT64 -> 11;
            case BOOL -> 12;
            case BFLOAT16 -> 27;
            case FLOAT8_E5M2 -> 35;
            case FLOAT8_E4M3FN -> 36;
        };
    }

    boolean exports(String function) { return symbols.find(function).isPresent(); }

    /** Whether both phases of an aclnn operator are exported. */
    boolean exportsOperator(String operator) { return exports(operator + "GetWorkspaceSize") && exports(operator); }

    private int call(String function, Object... args) {
        return symbols.require(function).invokeInt(args);
    }

    /** Calls a function returning aclError/aclnnStatus; nonzero (other than {@code tolerated}) throws. */
    private int checkTolerating(int tolerated, String function, Object... args) {
        int status = call(function, args);
        if (status != 0 && status != tolerated) {
            throw new AclException(function, OptionalInt.of(status), failureMessage());
        }
        return status;
    }

    private void check(String function, Object... args) {
        checkTolerating(0, function, args);
    }

    private Pointer handle(String function, Object... args) {
        Pointer p = symbols.require(function).invokePointer(args);
        if (p == null) throw new AclException(function, OptionalInt.empty(), failureMessage());
        return p;
    }

    /** aclGetRecentErrMsg(): the last failure's message on this thread, or "" when there is none. */
    String recentErrorMessage() {
        Function f = symbols.require("aclGetRecentErrMsg");
        Pointer p = f.invokePointer(new Object[0]);
        return p == null ? "" : p.getString(0);
    }

    /**
     * The line the runtime reports when a call needs the thread's context and none is bound (runtime
     * src/runtime/core/src/context/context_manage.cc, ReportContextValidationError, EE1018).
     */
    static final String NO_CONTEXT_REPORT = "No valid context is bound to the current thread";

    /** Whether this thread set a device through this binding and has not reset it. */
    private final ThreadLocal<Boolean> deviceBound = ThreadLocal.withInitial(() -> false);
    /** The message as read at this thread's previous failure. */
    private final ThreadLocal<String> lastMessage = ThreadLocal.withInitial(() -> "");

    /**
     * What a failure added to this thread's recent message, read only after a failure: reading asks the device
     * for its messages first (acl.cpp aclGetRecentErrMsgImpl calls rtGetDevMsg), a round trip per read, and on a
     * thread without a bound device (before aclrtSetDevice, in the exit hook) that request itself reports
     * {@value #NO_CONTEXT_REPORT}, which is no part of the failure and is left out.
     */
    private String failureMessage() {
        String read = recentErrorMessage();
        if (!deviceBound.get()) {
            read = read.lines().filter(line -> !line.contains(NO_CONTEXT_REPORT)).collect(Collectors.joining("\n"));
        }
        String added = newMessage(lastMessage.get(), read);
        lastMessage.set(read);
        return added;
    }

    /**
     * What a failure added to the recent message. Reading does not clear it (acl.cpp keeps it per thread
     * and prepends newer messages), so what was there at this thread's previous failure belongs to that
     * failure. A repeat of the very same text cannot be told from a stale one and is left out too.
     */
    static String newMessage(String before, String after) {
        if (after.equals(before)) return "";
        if (!before.isEmpty() && after.endsWith("\n" + before)) return after.substring(0, after.length() - before.length() - 1);
        return after;
    }

    /** acl_base_rt.h ACL_ERROR_REPEAT_INITIALIZE */
    static final int REPEAT_INITIALIZE = 100002;

    /**
     * aclInit; false when ACL was already initialised in this process (status 100002), which acl.cpp
     * still counts as a reference to drop with {@link #finalizeReference()}.
     */
    boolean init() {
        return checkTolerating(REPEAT_INITIALIZE, "aclInit", (Object) null) == 0;
    }

    void finish() { check("aclFinalize"); }

    /** aclFinalizeReference(NULL): drops one aclInit reference; the last one finalises. */
    void finalizeReference() { check("aclFinalizeReference", (Object) null); }

    /** aclrtGetVersion (acl_rt.h, deprecated but in every release): the ACL version, "major.minor.patch". */
    String version() {
        var major = new IntByReference();
        var minor = new IntByReference();
        var patch = new IntByReference();
        check("aclrtGetVersion", major, minor, patch);
        return major.getValue() + "." + minor.getValue() + "." + patch.getValue();
    }

    /** aclrtGetSocName (acl_base_rt.h): the chip, e.g. Ascend910B3; empty when the runtime does not say. */
    String socName() {
        Pointer p = symbols.require("aclrtGetSocName").invokePointer(new Object[0]);
        return p == null ? "" : p.getString(0);
    }

    void setDevice(int deviceId) {
        check("aclrtSetDevice", deviceId);
        deviceBound.set(true);
    }

    void resetDevice(int deviceId) {
        check("aclrtResetDevice", deviceId);
        deviceBound.set(false);
    }

    int deviceCount() {
        var count = new IntByReference();
        check("aclrtGetDeviceCount", count);
        return count.getValue();
    }

    /** Free and total bytes of the current device's memory of kind {@code attribute} (aclrtMemAttr). */
    long[] memoryInfo(int attribute) {
        var free = new LongByReference();
        var total = new LongByReference();
        check("aclrtGetMemInfo", attribute, free, total);
        return new long[] {free.getValue(), total.getValue()};
    }

    Pointer malloc(long bytes) {
        var p = new PointerByReference();
        check("aclrtMalloc", p, bytes, MALLOC_HUGE_FIRST);
        return p.getValue();
    }

    void free(Pointer devicePointer) { check("aclrtFree", devicePointer); }

    void memcpy(Pointer dst, long destMax, Pointer src, long count, int kind) {
        check("aclrtMemcpy", dst, destMax, src, count, kind);
    }

    Pointer createStream() {
        var stream = new PointerByReference();
        check("aclrtCreateStream", stream);
        return stream.getValue();
    }

    void destroyStream(Pointer stream) { check("aclrtDestroyStream", stream); }

    /**
     * How long a synchronization waits for the stream's tasks: a replayed operator takes milliseconds, so a
     * minute means the device is stuck, and the caller gets ACL_ERROR_RT_STREAM_SYNC_TIMEOUT instead of a hang.
     */
    static final int SYNC_TIMEOUT_MS = 60_000;

    /** aclrtSynchronizeStreamWithTimeout (acl_rt.h): waits at most {@link #SYNC_TIMEOUT_MS}. */
    void synchronizeStream(Pointer stream) { check("aclrtSynchronizeStreamWithTimeout", stream, SYNC_TIMEOUT_MS); }

    /** aclCreateTensor: note that the element offset comes before the format. */
    Pointer createTensor(long[] shape, DType type, long[] strides, long offset, int format, long[] storageShape, Pointer data) {
        return handle("aclCreateTensor", orNull(shape), (long) shape.length, dataType(type), orNull(strides), offset, format,
                orNull(storageShape), (long) storageShape.length, data);
    }

    void destroyTensor(Pointer tensor) { check("aclDestroyTensor", tensor); }

    /** aclCreateScalar over {@code value} encoded as {@code type}; the scalar keeps its own copy. */
    Pointer createScalar(double value, DType type) {
        var m = new Memory(8);
        m.clear();
        switch (type) {
            case FLOAT64 -> m.setDouble(0, value);
            case FLOAT32 -> m.setFloat(0, (float) value);
            case FLOAT16 -> m.setShort(0, ElementEncoder.toHalfBits((float) value));
            case BFLOAT16 -> m.setShort(0, ElementEncoder.toBfloat16Bits((float) value));
            case INT64 -> m.setLong(0, (long) value);
            case INT32 -> m.setInt(0, (int) value);
            default -> throw new IllegalArgumentException("no scalar of " + type.torchName());
        }
        return handle("aclCreateScalar", m, dataType(type));
    }

    void destroyScalar(Pointer scalar) { check("aclDestroyScalar", scalar); }

    /** aclCreateTensorList: the list owns the tensors from now on, and destroys them with itself. */
    Pointer createTensorList(Pointer[] tensors) {
        return handle("aclCreateTensorList", tensors.length == 0 ? null : tensors, (long) tensors.length);
    }

    /** aclDestroyTensorList: also destroys every tensor of the list (opbase acl_op_api.cpp). */
    void destroyTensorList(Pointer list) { check("aclDestroyTensorList", list); }

    Pointer createIntArray(long[] values) {
        return handle("aclCreateIntArray", orNull(values), (long) values.length);
    }

    void destroyIntArray(Pointer array) { check("aclDestroyIntArray", array); }

    /** What an operator's first phase returned: its executor and the device workspace it needs. */
    record Prepared(String operator, Pointer executor, long workspaceSize) {}

    /** {@code <operator>GetWorkspaceSize(args..., &size, &executor)}. */
    Prepared prepare(String operator, Object... firstPhaseArgs) {
        var size = new LongByReference();
        var executor = new PointerByReference();
        Object[] args = Arrays.copyOf(firstPhaseArgs, firstPhaseArgs.length + 2);
        args[firstPhaseArgs.length] = size;
        args[firstPhaseArgs.length + 1] = executor;
        check(operator + "GetWorkspaceSize", args);
        return new Prepared(operator, executor.getValue(), size.getValue());
    }

    /**
     * {@code <operator>(workspace, size, executor, stream)}. It deletes the executor even when it fails
     * (op_executor.cpp CommonOpExecutorRun), and may fail after queuing work that still uses the workspace.
     */
    void run(Prepared prepared, Pointer workspace, Pointer stream) {
        check(prepared.operator(), workspace, prepared.workspaceSize(), prepared.executor(), stream);
    }

    /** aclDestroyAclOpExecutor, for an executor whose second phase will never run; absent in old releases. */
    void destroyExecutor(Prepared prepared) {
        if (exports("aclDestroyAclOpExecutor")) check("aclDestroyAclOpExecutor", prepared.executor());
    }

    private static long[] orNull(long[] values) { return values.length == 0 ? null : values; }
}
