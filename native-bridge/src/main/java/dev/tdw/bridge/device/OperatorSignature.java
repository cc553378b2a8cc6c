package dev.tdw.bridge.device;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * What an operator takes and produces: parameters in call order, output names in result order, and the
 * formula it computes, so a listing can show what a replay checks.
 */
public record OperatorSignature(String name, List<Parameter> parameters, List<String> outputs, String formula) {
    public OperatorSignature {
        parameters = List.copyOf(parameters);
        outputs = List.copyOf(outputs);
        if (outputs.isEmpty()) throw new IllegalArgumentException(name + " declares no output");
        var names = new HashSet<String>();
        boolean optionalSeen = false;
        for (Parameter p : parameters) {
            if (!names.add(p.name())) throw new IllegalArgumentException(name + " declares " + p.name() + " twice");
            // Positional binding can only leave out a tail of parameters.
            if (optionalSeen && p.required()) {
                throw new IllegalArgumentException(name + ": required " + p.name() + " follows an optional parameter");
            }
            optionalSeen |= !p.required();
        }
    }

    public Optional<Parameter> parameter(String parameterName) {
        return parameters.stream().filter(p -> p.name().equals(parameterName)).findFirst();
    }
}
