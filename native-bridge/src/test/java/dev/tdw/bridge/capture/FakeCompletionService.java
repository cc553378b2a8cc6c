package dev.tdw.bridge.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tdw.model.report.Json;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A loopback stand-in for an OpenAI-compatible service started with DUMP_PROBE_ENABLE_FILE: it answers one way
 * while the sentinel exists (a probe that changes results) and another while it does not. Stops itself after a
 * minute so a failed test cannot leave it running.
 */
final class FakeCompletionService implements AutoCloseable {
    /** One request as the service saw it. */
    record Seen(String method, String path, String contentType, JsonNode body, boolean armed) {}

    enum Mode { NORMAL, SLOW, ERROR_500, NOT_JSON, ERROR_WHEN_ARMED }

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newCachedThreadPool(r -> daemon(r, "fake-service"));
    private final ScheduledExecutorService guard = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "fake-service-guard"));
    private final Path sentinel;
    private final boolean probeChangesResults;
    final List<Seen> seen = new CopyOnWriteArrayList<>();
    volatile Mode mode = Mode.NORMAL;

    FakeCompletionService(Path sentinel, boolean probeChangesResults) throws IOException {
        this.sentinel = sentinel;
        this.probeChangesResults = probeChangesResults;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(handlers);
        server.start();
        guard.schedule(this::close, 60, TimeUnit.SECONDS);
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange x) throws IOException {
        boolean armed = Files.exists(sentinel);
        JsonNode body = Json.mapper().readTree(x.getRequestBody().readAllBytes());
        seen.add(new Seen(x.getRequestMethod(), x.getRequestURI().getPath(), x.getRequestHeaders().getFirst("Content-Type"), body, armed));
        switch (mode) {
            case SLOW -> {
                try {
                    Thread.sleep(3000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                answer(x, 200, completion(List.of(" late")));
            }
            case ERROR_500 -> answer(x, 500, "{\"error\": {\"message\": \"model tiny is not loaded\", \"type\": \"server_error\"}}");
            case NOT_JSON -> answer(x, 200, "<html>proxy login</html>");
            case ERROR_WHEN_ARMED -> {
                if (armed) answer(x, 500, "{\"error\": {\"message\": \"probe failed\"}}");
                else answer(x, 200, completion(List.of(" Paris", ".")));
            }
            case NORMAL -> answer(x, 200, completion(armed && probeChangesResults ? List.of(" Paris", " is", " big") : List.of(" Paris", ".")));
        }
    }

    private static String completion(List<String> tokens) {
        ObjectNode o = Json.object();
        o.put("id", "cmpl-1");
        o.put("object", "text_completion");
        ObjectNode choice = o.putArray("choices").addObject();
        choice.put("index", 0);
        choice.put("text", String.join("", tokens));
        choice.putObject("logprobs").set("tokens", Json.strings(tokens));
        choice.put("finish_reason", "length");
        return Json.write(o);
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
        x.close();
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
        guard.shutdownNow();
    }
}
