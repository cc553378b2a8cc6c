package dev.tdw.model.capture;

import java.io.Serializable;

/** One named input of an operator input set: a tensor layout, or a plain value's Python repr. */
public record InputSpec(String name, Layout layout, String value) implements Serializable {
    public boolean isTensor() { return layout != null; }
}
