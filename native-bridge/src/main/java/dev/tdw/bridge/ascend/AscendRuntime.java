package dev.tdw.bridge.ascend;

import com.sun.jna.Pointer;
import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.DeviceInfo;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.Role;
import dev.tdw.model.tensor.Tensor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Operators on an Ascend device through CANN: init, set device and create a stream on open; each call
 * uploads its arguments, runs the aclnn operators on the stream, synchronizes and downloads the outputs;
 * close destroys the stream and resets the device. ACL itself stays initialised until the JVM exits
 * ({@link AclProcessState}).
 * ACL binds the current device to the calling thread, so every call runs on this runtime's own thread.
 */
public final class AscendRuntime implements DeviceRuntime {
    private final AscendLibraries libraries;
    private final int deviceId;
    private final DeviceThread thread;
    private final Acl acl;
    private final Map<String, AscendKernel> kernels;
    private final Set<String> operators;
    private Pointer stream;
    /**
     * Streams set aside after their synchronization failed (a device fault or a timeout): their tasks may still
     * be running or the stream may be in an error state, and acl_rt.h promises nothing about using it again,
     * so the next call gets a new stream; these are synchronized and destroyed on close.
     */
    private final List<Pointer> setAside = new ArrayList<>();

    private AscendRuntime(AscendLibraries libraries, int deviceId, DeviceThread thread, Acl acl, Map<String, AscendKernel> kernels) {
        this.libraries = libraries;
        this.deviceId = deviceId;
        this.thread = thread;
        this.acl = acl;
        this.kernels = kernels;
        var supported = new LinkedHashSet<String>();
        kernels.forEach((name, kernel) -> {
            if (kernel.aclnnOperators().stream().allMatch(acl::exportsOperator)) {
                supported.add(name);
            }
        });
        this.operators = Set.copyOf(supported);
    }

    /** Loads the libraries and opens {@code deviceId}; throws {@link DeviceException} (often an {@link AclException}). */
    public static AscendRuntime open(AscendLibraries libraries, int deviceId) {
        var thread = new DeviceThread("tdw-ascend-device-" + deviceId);
        try {
            return thread.call(() -> {
                Acl acl = new Acl(NativeSymbols.load(libraries));
                var runtime = new AscendRuntime(libraries, deviceId, thread, acl, AscendKernels.standard());
                runtime.start();
                AclProcessState.opened(runtime);
                return runtime;
            });
        } catch (RuntimeException e) {
            thread.closeAsync(() -> null);
            throw e;
        }
    }

    private void start() {
        AclProcessState.ensureInitialised(libraries.runtime().toAbsolutePath().toString(), acl);
        acl.setDevice(deviceId);
        try {
            stream = acl.createStream();
        } catch (RuntimeException e) {
            suppressing(e, () -> acl.resetDevice(deviceId));
            throw e;
        }
    }

    private static void suppressing(RuntimeException primary, Runnable cleanup) {
        try {
            cleanup.run();
        } catch (RuntimeException e) {
            primary.addSuppressed(e);
        }
    }

    public AscendLibraries libraries() { return libraries; }

    /** The thread every ACL call of this runtime runs on (tests hold it busy to stand for a call in flight). */
    DeviceThread thread() { return thread; }

    @Override
    public String describe(Role role) {
        return "Ascend device " + deviceId + " (CANN at " + libraries.runtime().getParent() + ")";
    }

    @Override
    public DeviceInfo deviceInfo() {
        return thread.call(() -> {
            long[] memory = acl.memoryInfo(Acl.HBM_MEMORY);
            return new DeviceInfo("Ascend (CANN)", deviceId, acl.deviceCount(), memory[0], memory[1]);
        });
    }

    /** The ACL version and the chip's name, "ACL 1.17.0 on Ascend910B3". */
    public String version() {
        return thread.call(() -> {
            String soc = acl.socName();
            return "ACL " + acl.version() + (soc.isEmpty() ? "" : " on " + soc);
        });
    }

    /** The replay operators whose aclnn functions the loaded libraries export. */
    @Override
    public Set<String> operators() { return operators; }

    @Override
    public Map<String, Tensor> execute(OperatorCall call) {
        AscendKernel kernel = kernels.get(call.operator());
        if (kernel == null || !operators.contains(call.operator())) {
            throw new DeviceException("the Ascend runtime cannot run " + call.operator()
                    + (kernel == null ? "" : ": the loaded CANN does not export " + kernel.aclnnOperators()));
        }
        return thread.call(() -> {
            var scope = new DeviceScope(acl, stream);
            try (scope) {
                return kernel.body().run(scope, call);
            } finally {
                if (scope.synchronizationFailed()) replaceStream();
            }
        });
    }

    /** Sets the current stream aside and creates a new one; on the device thread. */
    private void replaceStream() {
        setAside.add(stream);
        stream = acl.createStream();
    }

    /** Runs after every call already accepted; calls made later are refused. Closing twice does nothing. */
    @Override
    public void close() {
        thread.close(this::teardown);
        AclProcessState.closed(this);
    }

    /**
     * {@link #close()}, waiting at most {@code wait} for the calls already accepted and the teardown; false when
     * they had not ended by then (the teardown still runs after them).
     */
    boolean closeWithin(Duration wait) {
        boolean ended = thread.closeWithin(this::teardown, wait);
        if (ended) AclProcessState.closed(this);
        return ended;
    }

    private Void teardown() {
        RuntimeException failure = null;
        var streams = new ArrayList<>(setAside);
        streams.add(stream);
        for (Pointer s : streams) {
            try {
                // acl_rt.h: synchronize before aclrtDestroyStream. A failure here was already reported
                // by the call that queued the work; destroying the stream is what matters now.
                acl.synchronizeStream(s);
            } catch (RuntimeException reportedBefore) {
                // ignored, see above
            }
            try {
                acl.destroyStream(s);
            } catch (RuntimeException e) {
                if (failure == null) failure = e; else failure.addSuppressed(e);
            }
        }
        try {
            acl.resetDevice(deviceId);
        } catch (RuntimeException e) {
            if (failure == null) failure = e; else failure.addSuppressed(e);
        }
        if (failure != null) throw failure;
        return null;
    }
}
