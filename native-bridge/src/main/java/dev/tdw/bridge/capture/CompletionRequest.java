package dev.tdw.bridge.capture;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.report.Json;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * One deterministic request to an OpenAI-compatible {@code /v1/completions} endpoint: temperature 0 and seed 0, so
 * two sends differ only if the service (or the probe inside it) makes them differ.
 *
 * @param baseUrl   the server, e.g. {@code http://127.0.0.1:8000}; a URL already ending in {@code /v1} or
 *                  {@code /v1/completions} is used as given
 * @param tokens    ask for the sampled tokens too ({@code logprobs: 1}), so a difference can be placed at a token
 * @param timeout   for connecting and for the whole response
 */
public record CompletionRequest(URI baseUrl, String model, String prompt, int maxTokens, boolean tokens, Duration timeout) {
    public CompletionRequest {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(timeout, "timeout");
        if (maxTokens < 1) throw new IllegalArgumentException("max_tokens " + maxTokens + ": at least 1");
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive");
        String scheme = baseUrl.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException("endpoint " + baseUrl + ": an http:// or https:// URL");
        }
    }

    public URI completionsUri() {
        String s = baseUrl.toString().replaceAll("/+$", "");
        if (s.endsWith("/v1/completions")) return URI.create(s);
        if (s.endsWith("/v1")) return URI.create(s + "/completions");
        return URI.create(s + "/v1/completions");
    }

    public ObjectNode body() {
        ObjectNode o = Json.object();
        o.put("model", model);
        o.put("prompt", prompt);
        o.put("max_tokens", maxTokens);
        o.put("temperature", 0);
        o.put("seed", 0);
        if (tokens) o.put("logprobs", 1);
        return o;
    }
}
