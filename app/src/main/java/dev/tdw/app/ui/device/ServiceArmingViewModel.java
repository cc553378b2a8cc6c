package dev.tdw.app.ui.device;

import dev.tdw.app.ui.input.NumberRule;

import dev.tdw.app.ui.work.TaskRunner;

import dev.tdw.bridge.capture.CompletionProbe;
import dev.tdw.bridge.capture.CompletionRequest;
import dev.tdw.bridge.capture.CompletionResponse;
import dev.tdw.bridge.capture.ServiceArming;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Arming a running service through its DUMP_PROBE_ENABLE_FILE sentinel, one deterministic completion request, and
 * the same request armed and disarmed to see whether the probe changes the answer. Called on the FX thread; requests
 * run in the background.
 */
public final class ServiceArmingViewModel {
    private final CompletionProbe probe;
    private final TaskRunner background;

    private final StringProperty sentinel = new SimpleStringProperty(this, "sentinel", "");
    private final StringProperty endpoint = new SimpleStringProperty(this, "endpoint", "http://127.0.0.1:8000");
    private final StringProperty model = new SimpleStringProperty(this, "model", "");
    private final StringProperty prompt = new SimpleStringProperty(this, "prompt", "");
    private final StringProperty maxTokens = new SimpleStringProperty(this, "maxTokens", "32");
    private final StringProperty timeoutSeconds = new SimpleStringProperty(this, "timeoutSeconds", "120");
    private final BooleanProperty tokens = new SimpleBooleanProperty(this, "tokens", true);

    private final ReadOnlyBooleanWrapper armed = new ReadOnlyBooleanWrapper(this, "armed");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper armedAnswer = new ReadOnlyStringWrapper(this, "armedAnswer", "");
    private final ReadOnlyStringWrapper disarmedAnswer = new ReadOnlyStringWrapper(this, "disarmedAnswer", "");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict", "");

    public ServiceArmingViewModel(CompletionProbe probe, TaskRunner background) {
        this.probe = probe;
        this.background = background;
        sentinel.addListener((o, a, b) -> refreshArmed());
    }

    /** The DUMP_PROBE_ENABLE_FILE the service was started with. */
    public StringProperty sentinelProperty() { return sentinel; }
    /** The service's base URL, e.g. {@code http://127.0.0.1:8000}. */
    public StringProperty endpointProperty() { return endpoint; }
    public StringProperty modelProperty() { return model; }
    public StringProperty promptProperty() { return prompt; }
    public StringProperty maxTokensProperty() { return maxTokens; }
    public StringProperty timeoutSecondsProperty() { return timeoutSeconds; }
    /** Ask for the sampled tokens ({@code logprobs: 1}) so a difference can be placed at a token. */
    public BooleanProperty tokensProperty() { return tokens; }

    public ReadOnlyBooleanProperty armedProperty() { return armed.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** The answer of the last request sent armed (or of the last single request, whatever the sentinel said). */
    public ReadOnlyStringProperty armedAnswerProperty() { return armedAnswer.getReadOnlyProperty(); }
    public ReadOnlyStringProperty disarmedAnswerProperty() { return disarmedAnswer.getReadOnlyProperty(); }
    /** Whether the symptom persists without the probe, after {@link #compareArmedDisarmed()}. */
    public ReadOnlyStringProperty verdictProperty() { return verdict.getReadOnlyProperty(); }

    public void arm() {
        withArming(a -> {
            try {
                a.arm();
                status.set("armed: created " + a.sentinel() + "; the next forward is captured");
            } catch (IOException e) {
                status.set("cannot create " + a.sentinel() + ": " + e.getMessage());
            }
        });
    }

    public void disarm() {
        withArming(a -> {
            try {
                a.disarm();
                status.set("disarmed: removed " + a.sentinel());
            } catch (IOException e) {
                status.set("cannot remove " + a.sentinel() + ": " + e.getMessage());
            }
        });
    }

    /** Sends the request once, armed or not as the sentinel stands. */
    public void send() {
        CompletionRequest r = requestOrReport();
        if (r == null) return;
        boolean wasArmed = armed.get();
        runInBackground("sending to " + r.completionsUri() + "...", () -> probe.send(r), answer -> {
            (wasArmed ? armedAnswer : disarmedAnswer).set(describe(answer));
            status.set("answered in " + answer.elapsedMillis() + " ms (" + (wasArmed ? "armed" : "disarmed") + ")");
        });
    }

    /** Arms, sends, disarms, sends again, and says whether the two answers differ. */
    public void compareArmedDisarmed() {
        CompletionRequest r = requestOrReport();
        ServiceArming a = arming();
        if (r == null || a == null) {
            if (a == null) status.set("name the sentinel file (DUMP_PROBE_ENABLE_FILE) the service was started with");
            return;
        }
        armedAnswer.set("");
        disarmedAnswer.set("");
        verdict.set("");
        runInBackground("sending armed, then disarmed...", () -> probe.armedVsDisarmed(a, r), c -> {
            armedAnswer.set(describe(c.armed()));
            disarmedAnswer.set(describe(c.disarmed()));
            verdict.set(c.verdict());
            status.set(c.identical() ? "identical answers" : "the answers differ");
        });
    }

    /** Reads the sentinel's state from disk (the service or another tool may have changed it). */
    public void refreshArmed() {
        ServiceArming a = arming();
        armed.set(a != null && a.armed());
    }

    /** The request as the form describes it; null with the reason in the status when the form is incomplete. */
    CompletionRequest requestOrReport() {
        try {
            if (model.get().isBlank()) throw new IllegalArgumentException("name the model, as the service serves it");
            NumberRule.Parsed max = NumberRule.COUNT.parse("max tokens", maxTokens.get());
            if (!max.ok() || max.value() > Integer.MAX_VALUE) throw new IllegalArgumentException(max.ok() ? "max tokens: too many" : max.error());
            NumberRule.Parsed seconds = NumberRule.POSITIVE.parse("timeout seconds", timeoutSeconds.get());
            if (!seconds.ok()) throw new IllegalArgumentException(seconds.error());
            return new CompletionRequest(URI.create(endpoint.get().strip()), model.get().strip(), prompt.get(), max.value().intValue(), tokens.get(),
                    Duration.ofMillis(Math.round(seconds.value() * 1000)));
        } catch (IllegalArgumentException e) {
            status.set(e.getMessage());
        }
        return null;
    }

    private ServiceArming arming() {
        String s = sentinel.get() == null ? "" : sentinel.get().strip();
        return s.isEmpty() ? null : new ServiceArming(Path.of(s));
    }

    private void withArming(Consumer<ServiceArming> action) {
        ServiceArming a = arming();
        if (a == null) {
            status.set("name the sentinel file (DUMP_PROBE_ENABLE_FILE) the service was started with");
            return;
        }
        action.accept(a);
        refreshArmed();
    }

    private <T> void runInBackground(String what, Callable<T> work, Consumer<T> done) {
        if (busy.get()) return;
        busy.set(true);
        status.set(what);
        background.run(what, p -> work.call(), v -> {
            busy.set(false);
            refreshArmed();
            done.accept(v);
        }, e -> {
            busy.set(false);
            refreshArmed();
            status.set(e.getMessage());
        });
    }

    static String describe(CompletionResponse r) {
        StringBuilder b = new StringBuilder(r.text());
        if (!r.tokens().isEmpty()) {
            b.append("\n\ntokens (").append(r.tokens().size()).append("): ")
                    .append(r.tokens().stream().map(t -> "'" + t.replace("\n", "\\n") + "'").collect(Collectors.joining(" ")));
        }
        b.append("\nfinish: ").append(r.finishReason() == null ? "(none)" : r.finishReason()).append(", ").append(r.elapsedMillis()).append(" ms");
        return b.toString();
    }
}
