package dev.tdw.bridge.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Starts reproductions as processes of this machine; Stop ends the process tree ({@link ProcessTree}). */
public final class LocalLauncher implements ProcessLauncher {
    public static final LocalLauncher INSTANCE = new LocalLauncher();

    private LocalLauncher() {}

    @Override
    public RunProcess start(Path workingDirectory, String command, Map<String, String> environment) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(argv(command)).directory(workingDirectory.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(ProbeSettings::isProbeVariable);
        env.putAll(environment);
        Process p = pb.start();
        p.getOutputStream().close();
        return new Local(p);
    }

    /** Through {@code /bin/sh -c}, so pipes, quoting and $VARS work as typed. */
    static List<String> argv(String command) {
        return List.of("/bin/sh", "-c", command);
    }

    private record Local(Process process) implements RunProcess {
        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public InputStream output() {
            return process.getInputStream();
        }

        @Override
        public CompletableFuture<Integer> onExit() {
            return process.onExit().thenApply(Process::exitValue);
        }

        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public ProcessTree.StopOutcome stop(Duration grace) throws InterruptedException {
            return ProcessTree.terminate(process.toHandle(), grace);
        }
    }
}
