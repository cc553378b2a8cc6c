package dev.tdw.bridge.capture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One reproduction to run with the probe: a shell command line run in a working directory, extra environment
 * (e.g. {@code VLLM_USE_V1=1}) and the probe's settings.
 */
public record CaptureSpec(Path workingDirectory, String command, Map<String, String> extraEnvironment, ProbeSettings probe) {
    public CaptureSpec {
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(probe, "probe");
        command = command == null ? "" : command.trim();
        extraEnvironment = Collections.unmodifiableMap(new LinkedHashMap<>(extraEnvironment));
    }

    /** Everything that keeps this run from starting as meant; empty when it can start. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        if (command.isEmpty()) out.add("no command to run");
        if (!Files.isDirectory(workingDirectory)) out.add("working directory " + workingDirectory + " does not exist");
        // The command runs where its working directory is (ProcessLaunchers); its capture folder must be there too.
        if (workingDirectory.getFileSystem() != probe.directory().getFileSystem()) {
            out.add("the working directory " + workingDirectory + " and the capture folder " + probe.directory()
                    + " are on different machines; a run captures where it runs");
        }
        for (String name : extraEnvironment.keySet()) {
            // The probe settings own these; two places setting one variable would make the run's record lie.
            if (ProbeSettings.isProbeVariable(name)) out.add(name + " belongs in the probe settings, not the extra environment");
        }
        out.addAll(probe.problems());
        return out;
    }

    /** The command as the process is started: through {@code /bin/sh -c}, so pipes, quoting and $VARS work as typed. */
    public List<String> argv() {
        return LocalLauncher.argv(command);
    }
}
