package dev.tdw.bridge.device;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One operator invocation with its arguments bound to parameter names and checked against the signature,
 * and the element type its outputs are written in.
 */
public record OperatorCall(OperatorSignature signature, Map<String, Argument> arguments, DType outputType) {
    public OperatorCall {
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(outputType, "outputType");
        arguments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
        for (String name : arguments.keySet()) {
            if (signature.parameter(name).isEmpty()) {
                throw new IllegalArgumentException(signature.name() + " has no parameter " + name);
            }
        }
        for (Parameter p : signature.parameters()) {
            Argument a = arguments.get(p.name());
            if (a == null) {
                if (p.required()) throw new IllegalArgumentException(signature.name() + " needs " + p.name());
            } else if (a.kind() != p.kind()) {
                throw new IllegalArgumentException(signature.name() + ": " + p.name() + " takes a "
                        + p.kind().name().toLowerCase(java.util.Locale.ROOT) + " but got a "
                        + a.kind().name().toLowerCase(java.util.Locale.ROOT));
            }
        }
    }

    public String operator() { return signature.name(); }

    public Tensor tensor(String name) {
        return optionalTensor(name).orElseThrow(() -> new IllegalArgumentException(operator() + " needs " + name));
    }

    public Optional<Tensor> optionalTensor(String name) {
        return Optional.ofNullable(arguments.get(name)).map(a -> ((Argument.TensorArgument) a).tensor());
    }

    public Optional<Argument.PlainValue> value(String name) {
        return Optional.ofNullable((Argument.PlainValue) arguments.get(name));
    }

    public double doubleValue(String name, double fallback) {
        return value(name).map(v -> read(name, v::asDouble)).orElse(fallback);
    }

    public long longValue(String name, long fallback) {
        return value(name).map(v -> read(name, v::asLong)).orElse(fallback);
    }

    public boolean booleanValue(String name, boolean fallback) {
        return value(name).map(v -> read(name, v::asBoolean)).orElse(fallback);
    }

    public String textValue(String name, String fallback) {
        return value(name).map(Argument.PlainValue::text).orElse(fallback);
    }

    private <T> T read(String name, java.util.function.Supplier<T> reader) {
        try {
            return reader.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(operator() + ": " + name + ": " + e.getMessage(), e);
        }
    }
}
