package dev.tdw.bridge.device;

import java.util.Locale;

/** How rotary embedding pairs up the last dim: halves (neox, CANN mode 0) or neighbours (CANN mode 1). */
public enum RotaryMode {
    NEOX, INTERLEAVED;

    /** The call's {@code mode} value; neox when absent. */
    public static RotaryMode of(OperatorCall call) {
        String mode = call.textValue("mode", "neox");
        return switch (mode.toLowerCase(Locale.ROOT)) {
            case "neox", "half", "0" -> NEOX;
            case "interleaved", "interleave", "1" -> INTERLEAVED;
            default -> throw new IllegalArgumentException(call.operator() + ": mode must be 'neox' or 'interleaved', not '" + mode + "'");
        };
    }
}
