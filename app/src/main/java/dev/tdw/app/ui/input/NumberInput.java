package dev.tdw.app.ui.input;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * A numeric field's state in a view model: the text as typed, whether it breaks the {@link NumberRule} (checked as it is
 * typed), and the value last {@link #commit() committed}. Committing waits for Enter or focus loss because a new value
 * starts a recomputation. An optional input takes blank text as "no value" (null).
 */
public final class NumberInput {
    private final String name;
    private final NumberRule rule;
    private final boolean optional;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyObjectWrapper<Double> value = new ReadOnlyObjectWrapper<>(this, "value");

    public NumberInput(String name, NumberRule rule, boolean optional, Double initial) {
        this.name = name;
        this.rule = rule;
        this.optional = optional;
        text.set(initial == null ? "" : show(initial));
        value.set(initial);
        text.addListener((o, a, b) -> error.set(check(b).error()));
    }

    public String name() { return name; }

    public NumberRule rule() { return rule; }

    public StringProperty textProperty() { return text; }

    /** Why the text is refused; null when it is acceptable. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** The last committed value (null: none given, for an optional input). */
    public ReadOnlyObjectProperty<Double> valueProperty() { return value.getReadOnlyProperty(); }

    /** Takes the text as the value when the rule accepts it; a refused text leaves the value as it was. */
    public boolean commit() {
        NumberRule.Parsed p = check(text.get());
        error.set(p.error());
        if (p.ok()) value.set(p.value());
        return p.ok();
    }

    /**
     * Shows {@code v} as the text and the value (a value chosen elsewhere, e.g. a restored setting). The same value as the
     * committed one leaves the text alone: a number being typed is not overwritten by an echo of the old one.
     */
    public void set(Double v) {
        if (java.util.Objects.equals(v, value.get())) return;
        text.set(v == null ? "" : show(v));
        value.set(v);
    }

    private NumberRule.Parsed check(String t) {
        if (optional && (t == null || t.isBlank())) return new NumberRule.Parsed(null, null);
        return rule.parse(name, t);
    }

    private static String show(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
