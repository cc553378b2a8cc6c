package dev.tdw.bridge.capture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Starts reproductions in one place: this machine, or a host over SSH. Whichever it is, a start follows one rule:
 * the command line runs through {@code /bin/sh -c} in {@code workingDirectory} with stdin closed and stdout and stderr
 * merged; the environment is the place's own (the workbench's, or the host's login environment) with every
 * inherited DUMP_PROBE* variable removed, then {@code environment} set. {@link ProcessLaunchers#forPath} finds the
 * launcher of a working directory's file system.
 */
public interface ProcessLauncher {
    /** @param workingDirectory a path of the file system this launcher runs on */
    RunProcess start(Path workingDirectory, String command, Map<String, String> environment) throws IOException;
}
