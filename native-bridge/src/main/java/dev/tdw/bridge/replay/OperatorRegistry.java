package dev.tdw.bridge.replay;

import dev.tdw.bridge.device.OperatorSignature;
import dev.tdw.bridge.device.StandardOperators;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The operators a replay can name, by name. Start from {@link #standard()} and {@link #register} more. */
public final class OperatorRegistry {
    private final Map<String, OperatorSignature> operators = new LinkedHashMap<>();

    public static OperatorRegistry standard() {
        var registry = new OperatorRegistry();
        StandardOperators.ALL.forEach(registry::register);
        return registry;
    }

    /** Adds an operator; a name can be registered once. */
    public OperatorRegistry register(OperatorSignature operator) {
        if (operators.putIfAbsent(operator.name(), operator) != null) {
            throw new IllegalArgumentException("operator " + operator.name() + " is already registered");
        }
        return this;
    }

    public Optional<OperatorSignature> find(String name) { return Optional.ofNullable(operators.get(name)); }

    public OperatorSignature require(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown operator " + name + "; known: " + String.join(", ", operators.keySet())));
    }

    public List<OperatorSignature> all() { return List.copyOf(operators.values()); }
}
