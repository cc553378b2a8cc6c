package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.Argument;
import dev.tdw.bridge.device.DeviceInfo;
import dev.tdw.bridge.device.StandardOperators;
import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.Tensors;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The first thing to run on an Ascend host ({@code tdw device check}): where CANN was found, each library's path, the
 * ACL version, the devices, and a tiny operator round trip on device 0, each step with the fix for its failure. A step
 * after a failed one is not run.
 */
public record DeviceCheck(List<Step> steps) {
    public DeviceCheck {
        steps = List.copyOf(steps);
    }

    public enum Outcome { PASSED, FAILED, NOT_RUN }

    /** One step: what it found (or why it failed) and, when it failed, what to do. */
    public record Step(String name, Outcome outcome, String detail, String fix) {}

    static final String ROOT = "CANN root", LIBRARIES = "libraries", ACL = "ACL and device 0", DEVICES = "devices",
            ROUND_TRIP = "operator round trip", CLOSE = "closing device 0";

    static final String DRIVER_FIX = "check that the NPU driver is installed and matches this CANN (npu-smi info shows the devices),"
            + " and that device 0 is visible to this process (ASCEND_RT_VISIBLE_DEVICES)";
    static final String OPERATOR_FIX = "the aclnn operators did not run: check that ASCEND_OPP_PATH is this CANN's <root>/opp ("
            + CannSetup.SET_ENV_ADVICE + ") and that the operator package of this CANN is installed";

    public boolean passed() {
        return steps.stream().allMatch(s -> s.outcome() == Outcome.PASSED);
    }

    /** The round trip's inputs and the exact result: 1 + 3 and 2 + 4 in float32. */
    private static final double[] SELF = {1, 2}, OTHER = {3, 4}, SUM = {4, 6};

    public static DeviceCheck run(AscendLibraryLocator locator) {
        var steps = new ArrayList<Step>();
        AscendDiscovery discovery = locator.locate();
        if (discovery.libraries().isEmpty()) {
            steps.add(new Step(ROOT, Outcome.FAILED, discovery.explanation(), CannSetup.advice()));
            return withRestNotRun(steps, LIBRARIES, ACL, DEVICES, ROUND_TRIP);
        }
        AscendLibraries libraries = discovery.libraries().get();
        steps.add(passed(ROOT, locator.directory().toString()));
        steps.add(passed(LIBRARIES, String.join(", ", libraries.all().stream().map(Path::toString).toList())));
        AscendRuntime runtime;
        String version;
        try {
            runtime = AscendRuntime.open(libraries, 0);
            version = runtime.version();
        } catch (RuntimeException e) {
            steps.add(new Step(ACL, Outcome.FAILED, e.getMessage(), DRIVER_FIX));
            return withRestNotRun(steps, DEVICES, ROUND_TRIP);
        }
        steps.add(passed(ACL, version));
        try {
            DeviceInfo info = runtime.deviceInfo();
            steps.add(passed(DEVICES, info.deviceCount() + " device(s); device 0 has " + mib(info.freeBytes()) + " of "
                    + mib(info.totalBytes()) + " MiB free"));
            steps.add(roundTrip(runtime));
        } catch (RuntimeException e) {
            steps.add(new Step(DEVICES, Outcome.FAILED, e.getMessage(), DRIVER_FIX));
            steps.add(new Step(ROUND_TRIP, Outcome.NOT_RUN, "", ""));
        }
        try {
            runtime.close();
        } catch (RuntimeException e) {
            steps.add(new Step(CLOSE, Outcome.FAILED, e.getMessage(), DRIVER_FIX));
        }
        return new DeviceCheck(steps);
    }

    private static Step passed(String name, String detail) {
        return new Step(name, Outcome.PASSED, detail, "");
    }

    private static Step roundTrip(AscendRuntime runtime) {
        OperatorCall add = new OperatorCall(StandardOperators.ADD, Map.of(
                "self", new Argument.TensorArgument(Tensors.contiguous(DType.FLOAT32, new long[] {2}, SELF)),
                "other", new Argument.TensorArgument(Tensors.contiguous(DType.FLOAT32, new long[] {2}, OTHER))), DType.FLOAT32);
        String what = "aclnnAdd of " + Arrays.toString(SELF) + " and " + Arrays.toString(OTHER) + " gave ";
        try {
            Tensor out = runtime.execute(add).get("out");
            double[] got = {out.getDouble(0), out.getDouble(1)};
            return Arrays.equals(got, SUM) ? passed(ROUND_TRIP, what + Arrays.toString(got))
                    : new Step(ROUND_TRIP, Outcome.FAILED, what + Arrays.toString(got) + ", not " + Arrays.toString(SUM), OPERATOR_FIX);
        } catch (RuntimeException e) {
            return new Step(ROUND_TRIP, Outcome.FAILED, e.getMessage(), OPERATOR_FIX);
        }
    }

    private static DeviceCheck withRestNotRun(List<Step> steps, String... rest) {
        for (String name : rest) steps.add(new Step(name, Outcome.NOT_RUN, "", ""));
        return new DeviceCheck(steps);
    }

    private static long mib(long bytes) { return bytes >> 20; }
}
