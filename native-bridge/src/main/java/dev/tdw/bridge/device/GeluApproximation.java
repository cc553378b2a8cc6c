package dev.tdw.bridge.device;

import java.util.Locale;

/** gelu's approximate argument as torch spells it: exact erf form or the tanh approximation. */
public enum GeluApproximation {
    NONE, TANH;

    /** The call's {@code approximate} value; none when absent. */
    public static GeluApproximation of(OperatorCall call) {
        String value = call.textValue("approximate", "none");
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "none" -> NONE;
            case "tanh" -> TANH;
            default -> throw new IllegalArgumentException(call.operator() + ": approximate must be 'none' or 'tanh', not '" + value + "'");
        };
    }
}
