package dev.tdw.bridge.replay;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.tensor.InputSet;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a captured input set of a payload ({@code add_rms_norm#3}) into a {@link ReplayRequest}: the
 * command line and the workbench's replay dialog both go through here.
 */
public final class CapturedReplay {
    private CapturedReplay() {}

    /**
     * @param operator null to use the stage name when it names a registered operator
     * @param argumentOrder captured input names in parameter order; empty binds by name
     */
    public static ReplayRequest request(Payload payload, String stageKey, String operator, List<String> argumentOrder,
                                        OperatorRegistry registry) {
        StageKey key = StageKey.parse(stageKey);
        InputSet set = find(payload, key);
        Map<String, Object> inputs = new LinkedHashMap<>();
        for (String name : set.names()) {
            String entryKey = StageKey.input(key.base(), name, key.n()).toString();
            PayloadEntry e = payload.entry(entryKey).orElseThrow(() -> new IllegalArgumentException(
                    payload.path() + ": input set " + stageKey + " names " + name + " but the payload has no entry " + entryKey));
            inputs.put(name, e.isTensor() ? e.tensor() : e.valueRepr());
        }
        String op = operator != null ? operator : suggestOperator(key.base(), registry);
        return ReplayRequest.of(key.base(), key.n(), op, inputs).withArgumentOrder(argumentOrder);
    }

    private static InputSet find(Payload payload, StageKey key) {
        List<InputSet> sets = payload.inputSets().stream().filter(s -> s.stage().equals(key.base())).toList();
        if (sets.isEmpty()) {
            throw new IllegalArgumentException(payload.path() + ": no input set named " + key.base() + "; captured: "
                    + payload.listInputSets().stream().map(s -> s.addressableAs()).toList());
        }
        return sets.stream().filter(s -> s.occurrence() == key.n()).findFirst().orElseThrow(() -> new IllegalArgumentException(
                payload.path() + ": " + key + " is out of range: " + StageKey.range(key.base(), sets.size())));
    }

    /** The stage's own name when it is an operator, else the registered operator its last component names. */
    public static String suggestOperator(String stage, OperatorRegistry registry) {
        if (registry.find(stage).isPresent()) return stage;
        String last = stage.substring(stage.lastIndexOf('.') + 1);
        if (registry.find(last).isPresent()) return last;
        throw new IllegalArgumentException("stage " + stage + " is not a registered operator; name one with --op ("
                + registry.all().stream().map(o -> o.name()).toList() + ")");
    }
}
