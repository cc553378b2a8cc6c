package dev.tdw.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;

/** The {@code tdw} command line: {@code scan}, {@code diff}, {@code next}, {@code tensors}, {@code replay}. */
@Command(name = "tdw", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Tensor Dump Workbench: find the first stage where two captures' numbers diverge.%n"
                + "Without a sub-command (or with 'open LEFT RIGHT') the workbench window starts.",
        footer = {"", "Exit codes: 0 ran (the verdict is in the output); 1 only with --fail-on-divergence when the verdict",
                "is not ALIGNED/PASS; 2 unusable input."})
public final class TdwCommand {
    /**
     * The sub-commands in the order the usage lists them. Picocli reflects over every registered command before it
     * parses, which is most of a short command's start-up time, so a run that names one registers only that one. A
     * command's class is not even loaded until it is registered (hence no constructor
     * references here: creating those would load every command class up front).
     */
    private static final List<String> SUBCOMMANDS = List.of("scan", "diff", "next", "tensors", "replay", "help");

    private static Object subcommand(String name) {
        return switch (name) {
            case "scan" -> new ScanCommand();
            case "diff" -> new DiffCommand();
            case "next" -> new NextCommand();
            case "tensors" -> new TensorsCommand();
            case "replay" -> new ReplayCommand();
            default -> new CommandLine.HelpCommand();
        };
    }

    private TdwCommand() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // Building even the bare parser costs several times a JVM's start; the version needs none of it.
            for (String line : new Version().getVersion()) out.println(line);
            return ExitCodes.RAN;
        }
        CommandLine cl = new CommandLine(new TdwCommand());
        String named = args.length > 0 && SUBCOMMANDS.contains(args[0]) && !args[0].equals("help") ? args[0] : null;
        for (String name : SUBCOMMANDS) {
            if (named == null || named.equals(name)) cl.addSubcommand(name, subcommand(name));
        }
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
