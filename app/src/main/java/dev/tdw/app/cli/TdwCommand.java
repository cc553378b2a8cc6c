package dev.tdw.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintStream;
import java.io.PrintWriter;

/** The {@code tdw} command line: {@code scan}, {@code diff}, {@code next}, {@code tensors}, {@code replay}. */
@Command(name = "tdw", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Tensor Dump Workbench: find the first stage where two captures' numbers diverge.%n"
                + "Without a sub-command (or with 'open LEFT RIGHT') the workbench window starts.",
        subcommands = {ScanCommand.class, DiffCommand.class, NextCommand.class, TensorsCommand.class, ReplayCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Exit codes: 0 ran (the verdict is in the output); 1 only with --fail-on-divergence when the verdict",
                "is not ALIGNED/PASS; 2 unusable input."})
public final class TdwCommand {
    private TdwCommand() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new TdwCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        // Picocli's own usage errors are unusable input too.
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("tdw: " + ex.getMessage());
            ex.getCommandLine().usage(err);
            return ExitCodes.UNUSABLE;
        });
        return cl.execute(args);
    }
}
