package dev.tdw.bridge.remote;

import dev.tdw.bridge.capture.ProcessLauncher;
import dev.tdw.bridge.capture.ProcessTree;
import dev.tdw.bridge.capture.RunProcess;
import dev.tdw.model.next.ProbeSelection;
import dev.tdw.model.text.SafeText;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts reproductions on a host over an SSH exec channel of MINA SSHD (no {@code ssh} process). The line sent
 * ({@link #line}) runs the command in a session of its own ({@code setsid}) whose process group id it prints first,
 * so that Stop can signal the whole group on the host; the environment is written into the line ({@code env K=V ...}),
 * each value quoted by {@link ProbeSelection#shellQuote}, since sshd refuses most variables a client asks it to set
 * (AcceptEnv). Stdout and stderr come back merged, line by line as the host writes them.
 */
public final class SshLauncher implements ProcessLauncher {
    /** The first line the wrapper prints: the id of the run's process group on the host. */
    static final String GROUP_MARK = "tdw-run-pgid ";
    private static final Pattern GROUP_LINE = Pattern.compile(Pattern.quote(GROUP_MARK) + "(\\d{1,10})");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** What the host says when it cannot start the wrapper (no setsid, a shell that is not POSIX) is kept up to this. */
    private static final int MAX_REFUSAL = 4096;
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(20);
    /** How long Stop waits on the host for the group to end after SIGKILL; beyond it the group is reported as surviving. */
    private static final Duration FORCED_WAIT = Duration.ofSeconds(5);

    private final SshConnector connector;
    private final RemoteAddress address;
    private volatile ClientSession session;

    /** @param session the host's session (SFTP's); a Stop after it was lost connects again through {@code connector} */
    public SshLauncher(SshConnector connector, RemoteAddress address, ClientSession session) {
        this.connector = connector;
        this.address = address;
        this.session = session;
    }

    /** The host, as messages name it. */
    public String hostText() {
        return address.hostText();
    }

    @Override
    public RunProcess start(Path workingDirectory, String command, Map<String, String> environment) throws IOException {
        ChannelExec channel = session.createExecChannel(line(workingDirectory.toAbsolutePath().toString(), command, environment));
        channel.setRedirectErrorStream(true);
        try {
            channel.open().verify(OPEN_TIMEOUT);
            channel.getInvertedIn().close();
            InputStream out = channel.getInvertedOut();
            String first = firstLine(out);
            Matcher m = GROUP_LINE.matcher(first == null ? "" : first);
            if (!m.matches()) {
                String said = (first == null ? "" : first + "\n") + rest(out);
                throw new RemoteException(address.hostText() + ": the host did not start the run (it needs a POSIX login shell,"
                        + " setsid and ps); it said: " + SafeText.of(said.strip()));
            }
            return new Remote(channel, Long.parseLong(m.group(1)), out);
        } catch (IOException e) {
            channel.close(true);
            if (e instanceof RemoteException) throw e;
            throw new RemoteException(address.hostText() + ": the run could not be started (" + SshConnector.reason(e) + ")", e);
        }
    }

    /**
     * The line the host's login shell runs: {@code exec setsid -w /bin/sh -c SCRIPT}, where SCRIPT prints
     * {@link #GROUP_MARK} and its pid (the new group's id), merges stderr into stdout, unsets every inherited
     * DUMP_PROBE* variable, changes into the working directory and execs {@code env K=V ... /bin/sh -c COMMAND}.
     * Every value is one quoted word of one rule ({@link ProbeSelection#shellQuote}), so no value is ever run.
     *
     * @throws IllegalArgumentException for a variable name that is not a shell name
     */
    static String line(String workingDirectory, String command, Map<String, String> environment) {
        List<String> words = new ArrayList<>(List.of("exec", "env"));
        environment.forEach((k, v) -> {
            if (!NAME.matcher(k).matches()) throw new IllegalArgumentException("environment variable '" + SafeText.of(k) + "': not a name");
            words.add(k + "=" + ProbeSelection.shellQuote(v));
        });
        words.addAll(List.of("/bin/sh", "-c", ProbeSelection.shellQuote(command)));
        String script = "echo \"" + GROUP_MARK + "$$\"; exec 2>&1; "
                + "for v in $(env | sed -n 's/^\\(DUMP_PROBE[A-Za-z0-9_]*\\)=.*/\\1/p'); do unset \"$v\"; done; "
                + "cd -- " + ProbeSelection.shellQuote(workingDirectory) + " || exit 126; "
                + String.join(" ", words);
        return "exec setsid -w /bin/sh -c " + ProbeSelection.shellQuote(script);
    }

    /**
     * The host's side of Stop: SIGTERM to the group, up to {@code grace} for it to end, then SIGKILL; prints how many
     * processes the group had, whether SIGKILL was needed, and whether any is left. Zombies do not count (a parent
     * that never reaps keeps them listed after they ended).
     */
    static String stopLine(long group, Duration grace) {
        long steps = Math.max(1, grace.toMillis() / 100), forcedSteps = FORCED_WAIT.toMillis() / 100;
        String alive = "ps -e -o pgid=,stat= | awk -v g=" + group + " '$1==g && $2 !~ /^Z/ {n++} END {print n+0}'";
        return "alive() { " + alive + "; }; n=$(alive); kill -TERM -- -" + group + " 2>/dev/null; i=0; "
                + "while [ \"$(alive)\" -gt 0 ] && [ $i -lt " + steps + " ]; do sleep 0.1; i=$((i+1)); done; f=0; "
                + "if [ \"$(alive)\" -gt 0 ]; then f=1; kill -KILL -- -" + group + " 2>/dev/null; i=0; "
                + "while [ \"$(alive)\" -gt 0 ] && [ $i -lt " + forcedSteps + " ]; do sleep 0.1; i=$((i+1)); done; fi; "
                + "echo \"$n $f $(alive)\"";
    }

    /** The wrapper's first line, or null when the output ended before one; read a byte at a time to leave the rest unread. */
    private static String firstLine(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            if (b.size() < MAX_REFUSAL) b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.UTF_8);
    }

    private static String rest(InputStream in) throws IOException {
        return new String(in.readNBytes(MAX_REFUSAL), StandardCharsets.UTF_8);
    }

    /** A session for Stop: the one runs were started on, or a new one when that was lost. */
    private ClientSession liveSession() throws RemoteException {
        ClientSession s = session;
        if (s.isOpen()) return s;
        s = connector.connect(address);
        session = s;
        return s;
    }

    private final class Remote implements RunProcess {
        private final ChannelExec channel;
        private final long group;
        private final InputStream out;
        private final CompletableFuture<Integer> exit = new CompletableFuture<>();

        Remote(ChannelExec channel, long group, InputStream out) {
            this.channel = channel;
            this.group = group;
            this.out = out;
            Thread t = new Thread(this::awaitClose, "tdw-remote-exit-" + group);
            t.setDaemon(true);
            t.start();
        }

        private void awaitClose() {
            channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), 0L);
            Integer status = channel.getExitStatus();
            if (status != null) {
                exit.complete(status);
            } else {
                exit.completeExceptionally(new RemoteException(address.hostText() + ": the connection to the host was lost while the run"
                        + " was running, so how it ended is not known; it may still run there (process group " + group
                        + "; Stop ends it once the host can be reached)"));
            }
        }

        @Override
        public long pid() {
            return group;
        }

        @Override
        public InputStream output() {
            return out;
        }

        @Override
        public CompletableFuture<Integer> onExit() {
            return exit;
        }

        @Override
        public boolean isAlive() {
            return !exit.isDone();
        }

        @Override
        public ProcessTree.StopOutcome stop(Duration grace) throws InterruptedException {
            // Ended, and known to have: its group id may already be another's on the host, so nothing is signalled.
            if (exit.isDone() && !exit.isCompletedExceptionally()) return new ProcessTree.StopOutcome(0, false, List.of());
            String said;
            try (ChannelExec stop = liveSession().createExecChannel(stopLine(group, grace))) {
                stop.open().verify(OPEN_TIMEOUT);
                stop.getInvertedIn().close();
                said = new String(stop.getInvertedOut().readNBytes(MAX_REFUSAL), StandardCharsets.UTF_8).strip();
                stop.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), OPEN_TIMEOUT.toMillis());
            } catch (IOException e) {
                // Nothing was learned: the group is reported as still there, which the caller shows.
                return new ProcessTree.StopOutcome(0, false, List.of(group));
            }
            String[] f = said.split(" ");
            if (f.length != 3 || !said.matches("\\d+ [01] \\d+")) return new ProcessTree.StopOutcome(0, false, List.of(group));
            return new ProcessTree.StopOutcome(Integer.parseInt(f[0]), f[1].equals("1"),
                    Integer.parseInt(f[2]) == 0 ? List.of() : List.of(group));
        }
    }
}
