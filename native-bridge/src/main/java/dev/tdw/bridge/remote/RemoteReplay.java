package dev.tdw.bridge.remote;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.bridge.capture.CaptureRun;
import dev.tdw.bridge.capture.ProcessLauncher;
import dev.tdw.bridge.capture.ProcessLaunchers;
import dev.tdw.bridge.replay.ReplayOutputs;
import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.output.OutputFolderException;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.report.Json;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * A replay run on the host that holds its payload (and the Ascend device), by tdw's own command line there:
 * {@code tdw replay ...} over the host's SSH exec channel ({@link SshLauncher}), in a new folder made on the host by the
 * output-folder rule (never inside a capture), its stderr streamed back line by line. A replay's set (replay.json
 * and both payloads) is then copied into the local output folder and published there as a whole, as a local replay
 * publishes it ({@link AtomicFiles#replaceFolder}), after both payloads were checked against the SHA-256 replay.json
 * records for them. Where tdw is on the host is a setting ({@link HostTdw}).
 */
public final class RemoteReplay {
    /** The folder, in the one made on the host, that the host's tdw writes the set into. */
    static final String SET_FOLDER = "replay";
    /** The file, in the folder made on the host, that keeps the host's stdout (the report). */
    static final String REPORT = "report";
    /** A report longer than this is not a replay's; it is cut. */
    private static final int MAX_REPORT = 16 << 20;
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    /**
     * How it went.
     *
     * @param exitCode    the host's tdw's exit code
     * @param report      what it printed on stdout (the JSON or text the same command prints locally)
     * @param hostFolder  the folder made for it on the host
     * @param localFolder the local output folder the set was published as; null when none was asked for or it failed
     */
    public record Outcome(int exitCode, String report, Path hostFolder, Path localFolder) {
        /** Where on the host the set was written (when one was asked for). */
        public Path hostSet() {
            return hostFolder.resolve(SET_FOLDER);
        }
    }

    private final Path dump;
    private final SshLauncher launcher;
    private final String hostTdw;
    private volatile CaptureRun run;
    private volatile boolean stopped;

    /**
     * @param dump    the payload (or msprobe dump.json) as a path of its host's SFTP file system
     * @param hostTdw the command that runs tdw on the host ({@link HostTdw})
     */
    public RemoteReplay(Path dump, String hostTdw) throws IOException {
        ProcessLauncher l = ProcessLaunchers.forPath(dump);
        if (!(l instanceof SshLauncher s)) throw new IllegalArgumentException(SafeText.of(dump) + " is not on a host");
        this.dump = dump;
        this.launcher = s;
        this.hostTdw = hostTdw;
    }

    /** The host, as messages name it. */
    public String hostText() {
        return launcher.hostText();
    }

    /** Where the host's new folders go unless one is named: {@code ~/tdw-captures} of the login on the host. */
    public Path defaultHostParent() {
        return OutputFolderPolicy.defaultCapturesFolder(dump.getFileSystem());
    }

    /**
     * Runs {@code tdw replay --dump DUMP OPTIONS [--out-dir replay]} on the host and, when it ran (exit 0 or 1) and
     * {@code localOutDir} is given, brings its set back. The local folder is checked before anything runs.
     *
     * @param options      the replay's options as typed, but {@code --dump} and {@code --out-dir}
     * @param hostParent   where on the host the new folder is made (a path of the host's file system)
     * @param readableName the readable part of its name ({@link OutputFolderPolicy#createNew})
     * @param localOutDir  the local output folder of the set, or null for none ({@code --list})
     * @param log          each line the host's tdw writes on stderr
     * @throws InterruptedException when {@link #stop} ended it
     */
    public Outcome run(List<String> options, Path hostParent, String readableName, Path localOutDir, LocalDateTime now,
                       Consumer<String> log) throws IOException, InterruptedException {
        if (localOutDir != null) {
            Optional<String> no = OutputFolderPolicy.resultSetRefusal(localOutDir, List.of(), ReplayOutputs.NAMES);
            if (no.isPresent()) throw new OutputFolderException(localOutDir, no.get());
        }
        Path capture;
        try {
            capture = OutputFolderPolicy.captureRootOf(dump);
        } catch (IOException e) {
            throw new RemoteException(hostText() + ":" + SafeText.of(dump) + ": not found on the host", e);
        }
        Path hostFolder = OutputFolderPolicy.createNew(hostParent, readableName, now, List.of(capture));
        List<String> args = new ArrayList<>(List.of("replay", "--dump", dump.toString()));
        args.addAll(options);
        if (localOutDir != null) args.addAll(List.of("--out-dir", SET_FOLDER));
        String command = HostTdw.line(hostTdw, args) + " > " + REPORT;
        if (stopped) throw new InterruptedException("stopped before the replay started");
        CaptureRun r = new CaptureRun(launcher.start(hostFolder, command, Map.of()), log, null);
        run = r;
        if (stopped) r.stop(STOP_GRACE);
        int exit;
        try {
            exit = r.exit().get();
        } catch (ExecutionException e) {
            throw new RemoteException(SafeText.of(e.getCause().getMessage()), e.getCause());
        }
        if (stopped) throw new InterruptedException("the replay on " + hostText() + " was stopped");
        String report = read(hostFolder.resolve(REPORT));
        Path local = null;
        if (localOutDir != null && (exit == 0 || exit == 1)) local = bringBack(hostFolder.resolve(SET_FOLDER), localOutDir);
        return new Outcome(exit, report, hostFolder, local);
    }

    /** Ends the replay's process group on the host; a replay not started yet is not started. */
    public void stop() throws InterruptedException {
        stopped = true;
        CaptureRun r = run;
        if (r != null && r.isRunning()) r.stop(STOP_GRACE);
    }

    /** Copies the host's set into a new local folder, checks it, and publishes it as {@code localOutDir}. */
    private Path bringBack(Path set, Path localOutDir) throws IOException {
        Path out = OutputFolderPolicy.prepareResultSet(localOutDir, List.of(), ReplayOutputs.NAMES);
        return AtomicFiles.replaceFolder(out, ReplayOutputs.NAMES, dir -> {
            for (String name : ReplayOutputs.NAMES) Files.copy(set.resolve(name), dir.resolve(name));
            JsonNode manifest = Json.mapper().readTree(dir.resolve(ReplayOutputs.MANIFEST).toFile());
            verify(manifest, "candidate_sha256", dir.resolve(ReplayOutputs.CANDIDATE), set);
            verify(manifest, "reference_sha256", dir.resolve(ReplayOutputs.REFERENCE), set);
        });
    }

    private void verify(JsonNode manifest, String key, Path copy, Path set) throws IOException {
        String recorded = manifest.path(key).asText("");
        if (!recorded.equals(AtomicFiles.sha256(copy))) {
            throw new RemoteException(hostText() + ":" + SafeText.of(set.resolve(copy.getFileName().toString())) + ": the copy does not have"
                    + " the SHA-256 " + ReplayOutputs.MANIFEST + " records for it (changed on the host while it was copied?); nothing was published");
        }
    }

    private static String read(Path report) throws IOException {
        if (!Files.isRegularFile(report)) return "";
        try (InputStream in = Files.newInputStream(report)) {
            return new String(in.readNBytes(MAX_REPORT), StandardCharsets.UTF_8);
        }
    }
}
