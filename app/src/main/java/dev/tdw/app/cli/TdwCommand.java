package dev.tdw.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import dev.tdw.model.report.Json;
import dev.tdw.model.text.SafeText;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** The {@code tdw} command line: {@code scan}, {@code diff}, {@code tensors}, {@code replay}. */
@Command(name = "tdw", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Tensor Dump Workbench: find the first stage where two captures' numbers diverge.%n"
                + "Without a sub-command (or with 'open LEFT RIGHT') the workbench window starts.",
        subcommands = {ScanCommand.class, DiffCommand.class, TensorsCommand.class, ReplayCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Exit codes: 0 ran (the verdict is in the output); 1 only with --fail-on-divergence when the verdict",
                "is not ALIGNED/PASS; 2 unusable input; 3 internal error (please report); 4 the output could not",
                "be written (closed pipe, full disk)."})
public final class TdwCommand {
    private TdwCommand() {}

    /**
     * Runs a command line. Output is UTF-8 whatever the locale's charset. A failed write to {@code out} (a closed
     * pipe, a full disk) is exit code {@link ExitCodes#OUTPUT_FAILED}, never 0: the output is incomplete.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine();
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        // Picocli's own usage errors are unusable input too, with the same JSON failure object as other failures.
        cl.setParameterExceptionHandler((ex, a) -> {
            String message = SafeText.of(ex.getMessage());
            errWriter.println("tdw: " + message);
            ex.getCommandLine().usage(errWriter);
            if (!wantsText(a)) outWriter.println(Json.write(Json.failure(message)));
            return ExitCodes.UNUSABLE;
        });
        int exit = cl.execute(args);
        outWriter.flush();
        if (outWriter.checkError() || out.checkError()) {
            errWriter.println("tdw: cannot write the output (closed pipe or full disk); it is incomplete");
            return ExitCodes.OUTPUT_FAILED;
        }
        return exit;
    }

    /** Whether the first argument names a sub-command ({@code scan}, {@code help}, ...). */
    public static boolean isCommandName(String arg) {
        return commandLine().getSubcommands().containsKey(arg);
    }

    private static CommandLine commandLine() {
        return new CommandLine(new TdwCommand());
    }

    private static boolean wantsText(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--format=text") || args[i].equals("--format") && i + 1 < args.length && args[i + 1].equals("text")) {
                return true;
            }
        }
        return false;
    }
}
