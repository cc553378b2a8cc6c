package dev.tdw.bridge.replay;

import dev.tdw.bridge.device.ArgumentKind;
import dev.tdw.bridge.device.OperatorSignature;
import dev.tdw.bridge.device.Parameter;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.msprobe.DumpTensorData;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.tensor.NpyReader;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.Tensor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The inputs of one forward op of a tensor-mode msprobe dump as a replay request, as a probe payload's input set is:
 * the op's arguments bound to the operator's parameters by {@link MsprobeOperator}'s table, tensors read from their
 * {@code dump_tensor_data} files (kept open until {@link #close}), plain arguments passed as their values. An argument
 * the table cannot bind (an unknown keyword, a bias the operator has not, a scalar where the operator takes a tensor, a
 * nested argument) is refused with the op and the cause, never dropped.
 */
final class MsprobeReplayInputs implements AutoCloseable {
    private final List<Payload> open = new ArrayList<>();
    private final List<Tensor> tensors = new ArrayList<>();
    private ReplayRequest request;

    private MsprobeReplayInputs() {}

    /**
     * @param stageKey the op ({@code Torch.matmul.0.forward}), optionally with {@code #0}: an msprobe op is one call
     */
    static MsprobeReplayInputs open(Path dumpJson, String stageKey, String operator, List<String> argumentOrder,
                                    OperatorRegistry registry) throws ReplayException {
        MsprobeReplayInputs in = new MsprobeReplayInputs();
        try {
            in.read(dumpJson, op(stageKey), operator, argumentOrder, registry);
            return in;
        } catch (IllegalArgumentException e) {
            in.close();
            throw new ReplayException(dumpJson + ": " + e.getMessage(), e);
        } catch (IOException e) {
            in.close();
            String m = e.getMessage() == null ? "cannot be read" : e.getMessage();
            throw new ReplayException(m.contains(dumpJson.toString()) ? m : dumpJson + ": " + m, e);
        }
    }

    /** The op named by a stage key: {@code op} or {@code op#0}. */
    static String op(String stageKey) {
        int hash = stageKey.indexOf('#');
        if (hash < 0) return stageKey;
        if (!stageKey.substring(hash).equals("#0")) {
            throw new IllegalArgumentException(stageKey + ": an msprobe op is one call; name it " + stageKey.substring(0, hash)
                    + " (or with #0)");
        }
        return stageKey.substring(0, hash);
    }

    private void read(Path dumpJson, String op, String operator, List<String> argumentOrder, OperatorRegistry registry)
            throws IOException {
        MsprobeOperator row = MsprobeOperator.require(op);
        if (operator != null && !operator.equals(row.operator())) {
            throw new IllegalArgumentException(op + " replays as " + row.operator() + " (docs/msprobe.md), not " + operator);
        }
        if (!argumentOrder.isEmpty()) {
            throw new IllegalArgumentException("--arg-order does not apply: msprobe's argument positions bind by the table of docs/msprobe.md");
        }
        OperatorSignature signature = registry.require(row.operator());
        Manifest m = new MsprobeDump().read(dumpJson);
        String prefix = op + ".input.";
        Map<String, Object> inputs = new LinkedHashMap<>();
        boolean found = false;
        for (StageRecord r : m.records()) {
            MsprobeEntry e = MsprobeEntry.of(r);
            if (!e.op().equals(op)) continue;
            found = true;
            if (e.role() != MsprobeEntry.Role.INPUT) continue;
            String argument = r.stage().substring(prefix.length());
            String parameter = parameter(op, row, argument);
            if (parameter == null || e.kind() == MsprobeEntry.Kind.ABSENT) continue;
            if (e.kind() == MsprobeEntry.Kind.VALUE && "null".equals(e.value())) continue;
            if (row.absent().contains(parameter)) {
                throw new IllegalArgumentException(op + ": " + row.api() + " with a " + parameter + " has no replay operator ("
                        + row.operator() + " replays it without one)");
            }
            Parameter p = signature.parameter(parameter).orElseThrow(() -> new IllegalArgumentException(
                    op + ": the table binds " + argument + " to " + parameter + ", which " + row.operator() + " does not take"));
            if (e.kind() == MsprobeEntry.Kind.VALUE) {
                if (p.kind() == ArgumentKind.TENSOR) {
                    throw new IllegalArgumentException(op + ": argument " + argument + " is the plain value " + e.value() + "; "
                            + row.operator() + " replays " + parameter + " as a tensor");
                }
                inputs.put(parameter, e.value());
            } else {
                inputs.put(parameter, tensor(dumpJson, op, argument, e));
            }
        }
        if (!found) throw new IllegalArgumentException("no op " + op + " in this dump");
        request = ReplayRequest.of(op, 0, row.operator(), inputs);
    }

    /** The operator parameter of an argument ({@code 0}, {@code 1}, or a keyword), null when the table ignores it. */
    private static String parameter(String op, MsprobeOperator row, String argument) {
        if (argument.chars().allMatch(Character::isDigit) && !argument.isEmpty()) {
            int i = Integer.parseInt(argument);
            if (i >= row.positional().size()) {
                throw new IllegalArgumentException(op + ": " + row.api() + " takes " + row.positional().size()
                        + " positional arguments in the table, the dump has argument " + i);
            }
            String name = row.positional().get(i);
            return row.ignored().contains(name) ? null : name;
        }
        if (row.ignored().contains(argument)) return null;
        String name = row.keywords().get(argument);
        if (name == null) {
            throw new IllegalArgumentException(op + ": argument " + argument + " has no parameter of " + row.operator()
                    + " (nested arguments and unknown keywords are not replayed)");
        }
        return name;
    }

    private Tensor tensor(Path dumpJson, String op, String argument, MsprobeEntry e) throws IOException {
        if (e.dataName() == null) {
            throw new IllegalArgumentException(op + ": argument " + argument + " has no tensor file (a statistics dump);"
                    + " replay needs a tensor-mode dump");
        }
        DumpTensorData.TensorFile file = DumpTensorData.resolve(dumpJson, e.dataName());
        String stage = op + ".input." + argument;
        Payload p = switch (file.format()) {
            case PT -> new PayloadReader().readTensor(file.path(), stage);
            case NPY -> new NpyReader().read(file.path(), stage);
        };
        open.add(p);
        Tensor t = p.entries().get(0).tensor();
        tensors.add(t);
        return t;
    }

    ReplayRequest request() { return request; }

    /** The tensors read, for {@link dev.tdw.model.tensor.MappedRead#guard}. */
    Tensor[] tensors() { return tensors.toArray(Tensor[]::new); }

    @Override
    public void close() {
        open.forEach(Payload::close);
        open.clear();
    }
}
