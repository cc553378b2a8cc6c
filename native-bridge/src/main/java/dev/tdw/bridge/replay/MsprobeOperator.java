package dev.tdw.bridge.replay;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.msprobe.MsprobeEntry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one table from msprobe's op names ({@code Torch.matmul.0.forward}: API, call number, direction) to replay
 * operators: the API's positional arguments in the operator's parameter order, its keyword arguments by the
 * operator's names, the keywords that must hold their default to replay as the operator (e.g. Functional.linear's
 * bias: none), and those ignored because they do not change the values (silu's {@code inplace}). docs/msprobe.md lists it.
 *
 * @param positional operator parameter per positional argument (index i of {@code input_args})
 * @param keywords   keyword argument -> operator parameter
 * @param absent     arguments (positional parameter names or keywords) that must be absent ({@code null}) to replay
 * @param ignored    keywords that do not change the values
 */
public record MsprobeOperator(String api, String operator, List<String> positional, Map<String, String> keywords,
                               Set<String> absent, Set<String> ignored) {
    private static final Pattern OP = Pattern.compile("(.+)\\.(\\d{1,9})\\.(forward|backward)");

    public static final List<MsprobeOperator> TABLE = List.of(
            of("Torch.matmul", "matmul", List.of("a", "b"), Map.of()),
            of("Tensor.matmul", "matmul", List.of("a", "b"), Map.of()),
            of("Tensor.__matmul__", "matmul", List.of("a", "b"), Map.of()),
            new MsprobeOperator("Functional.linear", "gate_up_proj", List.of("x", "weight", "bias"), Map.of("bias", "bias"),
                    Set.of("bias"), Set.of()),
            of("Tensor.__add__", "add", List.of("self", "other"), Map.of("alpha", "alpha")),
            of("Tensor.add", "add", List.of("self", "other"), Map.of("alpha", "alpha")),
            of("Torch.add", "add", List.of("self", "other"), Map.of("alpha", "alpha")),
            of("Tensor.__mul__", "mul", List.of("self", "other"), Map.of()),
            of("Tensor.mul", "mul", List.of("self", "other"), Map.of()),
            of("Torch.mul", "mul", List.of("self", "other"), Map.of()),
            of("NPU.npu_rms_norm", "rms_norm", List.of("x", "gamma", "epsilon"), Map.of("epsilon", "epsilon")),
            of("NPU.npu_add_rms_norm", "add_rms_norm", List.of("x", "residual", "gamma", "epsilon"), Map.of("epsilon", "epsilon")),
            new MsprobeOperator("Functional.softmax", "softmax", List.of("x", "dim", "_stacklevel", "dtype"), Map.of("dim", "dim"),
                    Set.of("dtype"), Set.of("_stacklevel")),
            of("Torch.softmax", "softmax", List.of("x", "dim"), Map.of("dim", "dim")),
            of("Tensor.softmax", "softmax", List.of("x", "dim"), Map.of("dim", "dim")),
            new MsprobeOperator("Functional.silu", "silu", List.of("x", "inplace"), Map.of(), Set.of(), Set.of("inplace")),
            of("Functional.gelu", "gelu", List.of("x"), Map.of("approximate", "approximate")),
            of("NPU.npu_swiglu", "swiglu", List.of("x", "dim"), Map.of("dim", "dim")),
            new MsprobeOperator("Functional.layer_norm", "layer_norm", List.of("x", "normalized_shape", "weight", "bias", "epsilon"),
                    Map.of("normalized_shape", "normalized_shape", "weight", "weight", "bias", "bias", "eps", "epsilon"),
                    Set.of(), Set.of()));

    private static MsprobeOperator of(String api, String operator, List<String> positional, Map<String, String> keywords) {
        return new MsprobeOperator(api, operator, positional, keywords, Set.of(), Set.of());
    }

    /** An op name split as msprobe writes it. */
    public record OpName(String api, int call, boolean forward) {}

    /** {@code Torch.matmul.0.forward} as API, call number and direction; a name of another form is refused. */
    public static OpName parse(String op) {
        Matcher m = OP.matcher(op);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + op + "' is not an msprobe op name ({api}.{call}.forward, e.g. Torch.matmul.0.forward)");
        }
        return new OpName(m.group(1), Integer.parseInt(m.group(2)), m.group(3).equals("forward"));
    }

    /** The row of an API, if it replays. */
    public static Optional<MsprobeOperator> find(String api) {
        return TABLE.stream().filter(o -> o.api.equals(api)).findFirst();
    }

    /** The row of an op's API, or a refusal naming the APIs that replay. */
    public static MsprobeOperator require(String op) {
        OpName name = parse(op);
        if (!name.forward()) throw new IllegalArgumentException(op + " is a backward entry; only forward calls replay");
        return find(name.api()).orElseThrow(() -> new IllegalArgumentException(op + ": " + name.api()
                + " has no replay operator; these replay: " + String.join(", ", Arrays.asList(apis()))));
    }

    /** A forward op of a dump that replays, and as what. */
    public record Replayable(String op, String operator) {}

    /** The forward ops of an msprobe dump's manifest whose API the table maps, in execution order. */
    public static List<Replayable> replayable(Manifest m) {
        Set<String> seen = new LinkedHashSet<>();
        List<Replayable> out = new ArrayList<>();
        for (StageRecord r : m.records()) {
            MsprobeEntry e = MsprobeEntry.of(r);
            if (e == null || e.direction() != MsprobeEntry.Direction.FORWARD || !seen.add(e.op())) continue;
            Matcher name = OP.matcher(e.op());
            if (name.matches()) find(name.group(1)).ifPresent(row -> out.add(new Replayable(e.op(), row.operator())));
        }
        return out;
    }

    private static String[] apis() {
        return TABLE.stream().map(o -> o.api + " (" + o.operator + ")").toArray(String[]::new);
    }
}
