package dev.tdw.bridge.replay;

import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.Tensor;

import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A private deep copy of an input set for one side of a replay. Aliasing survives the copy: names that
 * held one tensor object hold one copied object, and tensors that viewed one storage view one copied
 * storage, so an operator that writes through one name is seen through the other as in the original call.
 */
final class IsolatedInputs {
    private final Map<Object, Object> copies = new IdentityHashMap<>();

    static Map<String, Object> copyOf(Map<String, Object> inputs) {
        var isolated = new IsolatedInputs();
        var out = new LinkedHashMap<String, Object>();
        inputs.forEach((name, value) -> out.put(name, isolated.copy(value)));
        return out;
    }

    private Object copy(Object value) {
        if (!(value instanceof Tensor t)) return value; // strings and boxed scalars are immutable
        Object done = copies.get(t);
        if (done == null) {
            done = new Tensor(copy(t.storage()), t.storageOffset(), t.shape(), t.stride());
            copies.put(t, done);
        }
        return done;
    }

    private Storage copy(Storage s) {
        Object done = copies.get(s);
        if (done == null) {
            done = new Storage(s.key(), s.dtype(), s.numel(), ByteBuffer.wrap(s.copyBytes()).order(s.order()));
            copies.put(s, done);
        }
        return (Storage) done;
    }
}
