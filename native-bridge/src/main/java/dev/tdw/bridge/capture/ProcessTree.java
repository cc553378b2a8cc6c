package dev.tdw.bridge.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ends a process and everything it started. The descendants are listed before anything is signalled: once the
 * root is gone its children are re-parented and no longer show up as its descendants.
 */
public final class ProcessTree {
    private static final Duration FORCED_WAIT = Duration.ofSeconds(5);
    private static final long POLL_MILLIS = 50;

    /** What stopping did: how many processes were signalled, whether SIGKILL was needed, and any that still run. */
    public record StopOutcome(int signalled, boolean forced, List<Long> survivors) {
        public StopOutcome {
            survivors = List.copyOf(survivors);
        }
    }

    private ProcessTree() {}

    /** SIGTERM to the root and all its descendants; after {@code grace}, SIGKILL to whatever still runs. Blocks until done. */
    public static StopOutcome terminate(ProcessHandle root, Duration grace) throws InterruptedException {
        Map<Long, ProcessHandle> tree = new LinkedHashMap<>();
        collect(root, tree);
        tree.values().forEach(ProcessHandle::destroy);
        List<ProcessHandle> left = waitForEnd(tree, grace);
        boolean forced = !left.isEmpty();
        if (forced) {
            // Anything started during the grace period belongs to the tree too.
            left.forEach(h -> collect(h, tree));
            tree.values().forEach(ProcessHandle::destroyForcibly);
            left = waitForEnd(tree, FORCED_WAIT);
        }
        return new StopOutcome(tree.size(), forced, left.stream().map(ProcessHandle::pid).toList());
    }

    /**
     * Whether a process still runs. A zombie does not: it has exited, but a parent that never reaps (PID 1 in many
     * containers adopts orphans and ignores them) keeps it listed, and {@link ProcessHandle#isAlive()} says true.
     */
    public static boolean running(ProcessHandle h) {
        if (!h.isAlive()) return false;
        Path stat = Path.of("/proc", Long.toString(h.pid()), "stat");
        try {
            String s = Files.readString(stat);
            // "pid (comm) S ...": the state follows the last ')' since comm may itself contain parentheses.
            int close = s.lastIndexOf(')');
            return close < 0 || close + 2 >= s.length() || s.charAt(close + 2) != 'Z';
        } catch (IOException e) {
            // Without /proc (not Linux) isAlive is all there is; with it, a vanished entry means the process is gone.
            return !Files.isDirectory(Path.of("/proc/self")) || Files.isDirectory(stat.getParent());
        }
    }

    private static void collect(ProcessHandle root, Map<Long, ProcessHandle> into) {
        into.putIfAbsent(root.pid(), root);
        root.descendants().forEach(h -> into.putIfAbsent(h.pid(), h));
    }

    private static List<ProcessHandle> waitForEnd(Map<Long, ProcessHandle> tree, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            List<ProcessHandle> left = new ArrayList<>();
            for (ProcessHandle h : tree.values()) if (running(h)) left.add(h);
            if (left.isEmpty() || System.nanoTime() >= deadline) return left;
            Thread.sleep(POLL_MILLIS);
        }
    }
}
