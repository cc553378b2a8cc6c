package dev.tdw.bridge.capture;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends {@link CompletionRequest}s to a running service, and compares an armed and a disarmed answer to the same
 * request: if they differ, the probe changes what it measures.
 */
public final class CompletionProbe {
    private static final int SNIPPET = 300;

    private final HttpClient client;

    public CompletionProbe(Duration connectTimeout) {
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** Sends once; the whole exchange (connect, headers, body) is bounded by the request's timeout. */
    public CompletionResponse send(CompletionRequest r) throws CompletionException, InterruptedException {
        HttpRequest http = HttpRequest.newBuilder(r.completionsUri())
                .timeout(r.timeout())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(r.body())))
                .build();
        long t0 = System.nanoTime();
        CompletableFuture<HttpResponse<String>> pending = client.sendAsync(http, HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> response;
        try {
            response = pending.get(r.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new CompletionException("no answer from " + http.uri() + " within " + r.timeout().toMillis() + " ms", e);
        } catch (InterruptedException e) {
            pending.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw failure(http, r, e.getCause());
        }
        long elapsed = (System.nanoTime() - t0) / 1_000_000;
        return parse(http, response, elapsed);
    }

    /**
     * Arms, sends, disarms, sends the same request again, and compares. The service is left disarmed even when a
     * request fails.
     */
    public ResponseComparison armedVsDisarmed(ServiceArming arming, CompletionRequest r)
            throws CompletionException, IOException, InterruptedException {
        CompletionResponse armed;
        arming.arm();
        try {
            armed = send(r);
        } finally {
            arming.disarm();
        }
        return ResponseComparison.of(armed, send(r));
    }

    private static CompletionException failure(HttpRequest http, CompletionRequest r, Throwable cause) {
        if (cause instanceof HttpTimeoutException) {
            return new CompletionException("no answer from " + http.uri() + " within " + r.timeout().toMillis() + " ms", cause);
        }
        if (cause instanceof ConnectException) {
            return new CompletionException("cannot connect to " + http.uri() + " (is the service running?)", cause);
        }
        String m = cause.getMessage() == null ? cause.toString() : cause.getMessage();
        return new CompletionException("request to " + http.uri() + " failed: " + m, cause);
    }

    private static CompletionResponse parse(HttpRequest http, HttpResponse<String> response, long elapsed) throws CompletionException {
        String body = response.body() == null ? "" : response.body();
        JsonNode json;
        try {
            json = Json.mapper().readTree(body);
        } catch (JsonProcessingException e) {
            json = null;
        }
        if (response.statusCode() / 100 != 2) {
            String message = json != null && json.path("error").path("message").isTextual()
                    ? json.path("error").path("message").asText() : snippet(body);
            throw new CompletionException("HTTP " + response.statusCode() + " from " + http.uri() + ": " + message);
        }
        JsonNode choice = json == null ? null : json.path("choices").path(0);
        if (choice == null || !choice.path("text").isTextual()) {
            throw new CompletionException("the answer from " + http.uri() + " has no choices[0].text: " + snippet(body));
        }
        List<String> tokens = new ArrayList<>();
        choice.path("logprobs").path("tokens").forEach(t -> tokens.add(t.asText()));
        JsonNode finish = choice.path("finish_reason");
        return new CompletionResponse(choice.get("text").asText(), tokens, finish.isTextual() ? finish.asText() : null, elapsed);
    }

    private static String snippet(String body) {
        String s = body.strip();
        return s.isEmpty() ? "(empty body)" : s.length() <= SNIPPET ? s : s.substring(0, SNIPPET) + "...";
    }
}
