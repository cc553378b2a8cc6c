package dev.tdw.bridge.device;

import java.util.Objects;

/** One declared operator parameter. Optional parameters may be left out of a call. */
public record Parameter(String name, ArgumentKind kind, boolean required) {
    public Parameter {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }

    public static Parameter tensor(String name) { return new Parameter(name, ArgumentKind.TENSOR, true); }

    public static Parameter optionalTensor(String name) { return new Parameter(name, ArgumentKind.TENSOR, false); }

    public static Parameter value(String name) { return new Parameter(name, ArgumentKind.VALUE, true); }

    public static Parameter optionalValue(String name) { return new Parameter(name, ArgumentKind.VALUE, false); }
}
