package dev.tdw.bridge.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Arms a service that was started with DUMP_PROBE_ENABLE_FILE: while the sentinel file is absent the probe stays
 * off; creating it arms the probe for the next forward, removing it disarms. No restart, so the service keeps the
 * state (caches, compiled graphs) in which the symptom shows.
 */
public final class ServiceArming {
    private final Path sentinel;

    public ServiceArming(Path sentinel) {
        this.sentinel = sentinel.toAbsolutePath().normalize();
    }

    public Path sentinel() { return sentinel; }

    public void arm() throws IOException {
        Path parent = sentinel.getParent();
        if (parent != null) Files.createDirectories(parent);
        Files.writeString(sentinel, "armed by tdw at " + Instant.now() + "\n");
    }

    public void disarm() throws IOException {
        Files.deleteIfExists(sentinel);
    }

    public boolean armed() {
        return Files.exists(sentinel);
    }
}
