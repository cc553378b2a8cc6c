package dev.tdw.bridge.replay;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A runtime named on the command line or in the replay dialog: {@code ascend[:DEVICE]},
 * {@code host-fp64}, {@code host-fp32}, or a host emulation of a low-precision candidate such as
 * {@code host-fp32:bf16} (computed in FP32, every result rounded to bf16).
 */
public record RuntimeSpec(Kind kind, int device, Precision precision, DType roundTo) {
    public enum Kind { ASCEND, HOST }

    private static final Pattern HOST = Pattern.compile("host-(fp32|fp64)(?::(bf16|fp16))?");
    private static final Pattern ASCEND = Pattern.compile("ascend(?::(\\d+))?");

    public static RuntimeSpec parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        Matcher a = ASCEND.matcher(t);
        if (a.matches()) return new RuntimeSpec(Kind.ASCEND, a.group(1) == null ? 0 : Integer.parseInt(a.group(1)), null, null);
        Matcher h = HOST.matcher(t);
        if (h.matches()) {
            Precision p = h.group(1).equals("fp32") ? Precision.FP32 : Precision.FP64;
            DType round = h.group(2) == null ? null : h.group(2).equals("bf16") ? DType.BFLOAT16 : DType.FLOAT16;
            return new RuntimeSpec(Kind.HOST, 0, p, round);
        }
        throw new IllegalArgumentException("unknown runtime '" + text + "': use ascend[:DEVICE], host-fp64, host-fp32, host-fp32:bf16 or host-fp32:fp16");
    }

    public DeviceRuntime open(RuntimeDiscovery discovery) {
        if (kind == Kind.ASCEND) {
            if (!discovery.ascendAvailable()) {
                throw new IllegalStateException("no Ascend runtime: " + discovery.ascend().explanation());
            }
            return discovery.openAscend(device);
        }
        return roundTo == null ? discovery.host(precision) : discovery.hostEmulating(precision, roundTo);
    }

    /** What this runtime is, for someone choosing one: the device's kernel, a host emulation, or the host reference. */
    public String explain() {
        if (kind == Kind.ASCEND) return "the operator's own kernel on Ascend device " + device + " (CANN)";
        String p = precision == Precision.FP64 ? "FP64" : "FP32";
        if (roundTo != null) {
            return "host emulation: the formula in " + p + " on this CPU, every result rounded to "
                    + (roundTo == DType.BFLOAT16 ? "bf16" : "fp16") + "; it stands in for a low-precision kernel, it is not the device's";
        }
        return "the formula in " + p + " on this CPU" + (precision == Precision.FP64 ? ": the reference" : ", no rounding");
    }

    @Override
    public String toString() {
        if (kind == Kind.ASCEND) return "ascend:" + device;
        return "host-" + precision.name().toLowerCase(Locale.ROOT) + (roundTo == null ? "" : roundTo == DType.BFLOAT16 ? ":bf16" : ":fp16");
    }
}
