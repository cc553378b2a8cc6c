package dev.tdw.bridge.remote;

import dev.tdw.bridge.capture.CaptureRun;
import dev.tdw.bridge.capture.ProcessLauncher;
import dev.tdw.bridge.capture.ProcessLaunchers;
import dev.tdw.model.next.ProbeSelection;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * tdw's command line on a host, run over the host's SSH exec channel ({@link SshLauncher}): {@code tdw device check}
 * there, and {@code tdw replay} ({@link RemoteReplay}). Where tdw is on the host is a setting: {@link #DEFAULT}, a
 * path, or a command line put in front of the arguments as written (docs/remote.md, "tdw on the host").
 */
public final class HostTdw {
    /** tdw on the host's PATH, as the .deb installs it. */
    public static final String DEFAULT = "tdw";

    private HostTdw() {}

    /** The line that runs {@code tdw ARGS} on the host: the setting as written, then each argument quoted. */
    static String line(String hostTdw, List<String> args) {
        StringBuilder b = new StringBuilder(hostTdw == null || hostTdw.isBlank() ? DEFAULT : hostTdw.strip());
        for (String a : args) b.append(' ').append(ProbeSelection.shellQuote(a));
        return b.toString();
    }

    /**
     * Runs {@code tdw ARGS} in {@code folder} (a folder of the host's file system) and returns its exit code; its
     * merged stdout and stderr go to {@code output} line by line.
     */
    public static int run(Path folder, String hostTdw, List<String> args, Consumer<String> output) throws IOException, InterruptedException {
        ProcessLauncher l = ProcessLaunchers.forPath(folder);
        CaptureRun r = new CaptureRun(l.start(folder, line(hostTdw, args), Map.of()), output, null);
        try {
            return r.exit().get();
        } catch (ExecutionException e) {
            throw new RemoteException(SafeText.of(e.getCause().getMessage()), e.getCause());
        }
    }

    /**
     * What an exit code of the host's shell says when tdw did not run at all there (126: not executable, 127: not
     * found), with how to fix it; empty for any other code, which is tdw's own.
     */
    public static Optional<String> didNotRun(int exit, String hostText, String hostTdw) {
        if (exit != 126 && exit != 127) return Optional.empty();
        return Optional.of(hostText + ": '" + SafeText.of(hostTdw) + "' did not run on the host (exit " + exit + "): install tdw there"
                + " (the .deb) or name its command with --host-tdw (docs/remote.md)");
    }
}
