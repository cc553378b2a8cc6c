package dev.tdw.model.capture;

/** One named input of an operator input set: a tensor layout, or a plain value's Python repr. */
public record InputSpec(String name, Layout layout, String value) {
    public boolean isTensor() { return layout != null; }
}
