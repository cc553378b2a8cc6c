package dev.tdw.bridge.capture;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.ManifestReader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reports each manifest ({@code {label}-rank{rank}.json}) that appears anywhere under a capture directory, once,
 * when it is complete. A WatchService sees new files and sub-directories promptly; a periodic rescan catches what
 * it cannot (files on network mounts, a directory filled before it was registered). "Complete" means the manifest
 * reader accepts it: the probe writes the JSON in one go, so a half-written file fails to parse and is retried.
 * Manifests present when watching starts are not reported.
 */
public final class ManifestWatcher implements AutoCloseable {
    private static final int MAX_DEPTH = 32;

    private final Path root;
    private final Consumer<Path> onManifest;
    /** Each manifest looked at and not reported (reported already, or not complete yet): what a test waits for. */
    private final Consumer<Path> onPassedOver;
    private final Duration rescanEvery;
    private final WatchService watch;
    private final Set<Path> reported = new HashSet<>();
    private final Set<Path> pending = new LinkedHashSet<>();
    private final ManifestReader reader = new ManifestReader();
    private final Thread thread;
    private volatile boolean closed;

    private ManifestWatcher(Path root, Consumer<Path> onManifest, Consumer<Path> onPassedOver, Duration rescanEvery,
                            boolean events) throws IOException {
        this.root = root;
        this.onManifest = onManifest;
        this.onPassedOver = onPassedOver;
        this.rescanEvery = rescanEvery;
        this.watch = events ? FileSystems.getDefault().newWatchService() : null;
        registerTree(root);
        reported.addAll(manifestsIn(root));
        this.thread = new Thread(this::loop, "tdw-manifest-watch");
        thread.setDaemon(true);
    }

    /**
     * Watches {@code root} (created if missing) on a daemon thread. A folder on a host (a path of its SFTP file system)
     * sends no file-system events: it is watched by the rescan alone, over SFTP.
     *
     * @param onManifest called on the watcher's thread with each new complete manifest
     * @param rescanEvery how often the whole tree is walked as well
     */
    public static ManifestWatcher start(Path root, Consumer<Path> onManifest, Duration rescanEvery) throws IOException {
        return start(root, onManifest, p -> {}, rescanEvery, root.getFileSystem() == FileSystems.getDefault());
    }

    /**
     * As {@link #start(Path, Consumer, Duration)}, or without file-system events ({@code events} false: only the
     * periodic rescan, as on a file system that sends none), telling {@code onPassedOver} of each manifest it looks at
     * and does not report, so that a test can wait for the look instead of waiting for nothing to happen.
     */
    static ManifestWatcher start(Path root, Consumer<Path> onManifest, Consumer<Path> onPassedOver, Duration rescanEvery,
                                 boolean events) throws IOException {
        Files.createDirectories(root);
        ManifestWatcher w = new ManifestWatcher(root.toAbsolutePath().normalize(), onManifest, onPassedOver, rescanEvery, events);
        w.thread.start();
        return w;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        if (watch == null) return;
        try {
            watch.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void loop() {
        long nextRescan = System.nanoTime() + rescanEvery.toNanos();
        try {
            while (!closed) {
                long wait = Math.max(1, rescanEvery.toMillis());
                WatchKey key = null;
                if (watch != null) key = watch.poll(wait, TimeUnit.MILLISECONDS);
                else Thread.sleep(wait);
                try {
                    if (key != null) handle(key);
                    if (System.nanoTime() >= nextRescan) {
                        registerTree(root);
                        pending.addAll(manifestsIn(root));
                        nextRescan = System.nanoTime() + rescanEvery.toNanos();
                    }
                } catch (IOException | UncheckedIOException e) {
                    // A directory removed while being walked: the next rescan sees the tree as it is then.
                }
                // A half-written manifest is retried at its next modification or the next rescan.
                reportComplete();
            }
        } catch (InterruptedException | ClosedWatchServiceException | CancellationException e) {
            // closed (a read interrupted by close ends as a cancellation)
        }
    }

    private void handle(WatchKey key) throws IOException {
        Path dir = (Path) key.watchable();
        for (WatchEvent<?> e : key.pollEvents()) {
            if (e.kind() == StandardWatchEventKinds.OVERFLOW) {
                pending.addAll(manifestsIn(root));
                continue;
            }
            Path p = dir.resolve((Path) e.context());
            if (Files.isDirectory(p)) {
                // Files written before the registration produce no event: look at them now.
                registerTree(p);
                pending.addAll(manifestsIn(p));
            } else if (CaptureDirectory.isManifestName(p.getFileName().toString())) {
                pending.add(p);
            }
        }
        key.reset();
    }

    private void reportComplete() {
        for (var it = pending.iterator(); it.hasNext() && !closed; ) {
            Path p = it.next();
            if (reported.contains(p)) {
                it.remove();
                onPassedOver.accept(p);
                continue;
            }
            if (!Files.isRegularFile(p)) continue;
            try {
                reader.read(p);
            } catch (CaptureFormatException e) {
                onPassedOver.accept(p);
                continue;
            }
            it.remove();
            reported.add(p);
            onManifest.accept(p);
        }
    }

    private void registerTree(Path dir) throws IOException {
        if (watch == null) return;
        try (Stream<Path> s = Files.walk(dir, MAX_DEPTH)) {
            for (Path d : (Iterable<Path>) s.filter(Files::isDirectory)::iterator) {
                d.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            }
        }
    }

    /** The manifests under {@code dir} now, complete or not, as absolute paths. */
    public static Set<Path> manifestsIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir, MAX_DEPTH)) {
            Set<Path> out = new LinkedHashSet<>();
            s.filter(p -> CaptureDirectory.isManifestName(p.getFileName().toString()) && Files.isRegularFile(p))
                    .forEach(p -> out.add(p.toAbsolutePath().normalize()));
            return out;
        }
    }
}
