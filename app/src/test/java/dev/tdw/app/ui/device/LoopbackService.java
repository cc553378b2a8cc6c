package dev.tdw.app.ui.device;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * An OpenAI-compatible service on 127.0.0.1 whose answer changes while the probe's sentinel exists, or that fails
 * with HTTP 500. Stops itself after a minute.
 */
final class LoopbackService implements AutoCloseable {
    private final HttpServer server;
    private final ScheduledExecutorService guard = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "loopback-guard");
        t.setDaemon(true);
        return t;
    });
    final List<Boolean> armedAtRequest = new CopyOnWriteArrayList<>();
    volatile boolean failing;

    LoopbackService(Path sentinel) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/completions", x -> {
            x.getRequestBody().readAllBytes();
            boolean armed = Files.exists(sentinel);
            armedAtRequest.add(armed);
            String tokens = armed ? "[\" 4\", \"2\"]" : "[\" 4\", \".\"]";
            String text = armed ? " 42" : " 4.";
            String body = failing ? "{\"error\": {\"message\": \"overloaded\"}}"
                    : "{\"choices\": [{\"text\": \"" + text + "\", \"logprobs\": {\"tokens\": " + tokens + "}, \"finish_reason\": \"length\"}]}";
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(failing ? 500 : 200, bytes.length);
            x.getResponseBody().write(bytes);
            x.close();
        });
        server.start();
        guard.schedule(this::close, 60, TimeUnit.SECONDS);
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        guard.shutdownNow();
    }
}
