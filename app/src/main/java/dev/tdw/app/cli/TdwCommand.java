package dev.tdw.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import dev.tdw.model.report.Json;
import dev.tdw.model.text.SafeText;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The {@code tdw} command line: {@code scan}, {@code diff}, {@code next}, {@code tensors}, {@code replay}, {@code device}. */
public final class TdwCommand {
    /**
     * The sub-commands in the order the usage lists them. A run that names one builds only that one's model: building
     * a model is most of a short command's start-up time. A command's class is not even loaded until its model is built
     * (hence no constructor references here: creating those would load every command class up front).
     */
    private static final List<String> SUBCOMMANDS = List.of("scan", "diff", "next", "tensors", "replay", "device", "cache", "help");

    /**
     * A sub-command's model, reading its manifest files through {@code ahead}; {@code help} is picocli's own help
     * command (built from its annotations: it is never on a short command's path).
     */
    private static Object subcommand(String name, ReadAhead ahead) {
        CommandSupport command = switch (name) {
            case "scan" -> new ScanCommand();
            case "diff" -> new DiffCommand();
            case "next" -> new NextCommand();
            case "tensors" -> new TensorsCommand();
            case "replay" -> new ReplayCommand();
            case "device" -> new DeviceCommand();
            case "cache" -> new CacheCommand();
            default -> null;
        };
        if (command == null) return new CommandLine.HelpCommand();
        command.readAhead = ahead;
        return command.model();
    }

    /** The top command's model, without its sub-commands. */
    private static CommandSpec model() {
        CommandSpec spec = CommandModel.command(new TdwCommand(), "tdw",
                "Tensor Dump Workbench: find the first stage where two captures' numbers diverge.%n"
                        + "Without a sub-command (or with 'open LEFT RIGHT') the workbench window starts.");
        spec.usageMessage().footer("", "Exit codes: 0 ran (the verdict is in the output); 1 only with --fail-on-divergence when the verdict",
                "is not ALIGNED/PASS; 2 unusable input; 3 internal error (please report); 4 the output could not",
                "be written (closed pipe, full disk).");
        spec.versionProvider(new Version());
        return spec;
    }

    private TdwCommand() {}

    /**
     * Runs a command line. Output is UTF-8 whatever the locale's charset. A failed write to {@code out} (a closed
     * pipe, a full disk) is exit code {@link ExitCodes#OUTPUT_FAILED}, never 0: the output is incomplete.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, new RemoteInputs.UserFolders());
    }

    /** {@link #run(String[], PrintStream, PrintStream)} reaching hosts with {@code remote}'s settings (a test's). */
    static int run(String[] args, PrintStream out, PrintStream err, RemoteInputs.Folders remote) {
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        int exit;
        try (RemoteInputs hosts = RemoteInputs.start(remote, errWriter)) {
            hosts.openAll(args);
            exit = execute(args, outWriter, errWriter);
        } catch (dev.tdw.bridge.remote.RemoteException e) {
            String message = SafeText.of(e.getMessage());
            errWriter.println("tdw: " + message);
            if (!wantsText(args)) CommandSupport.printJson(outWriter, Json.failure(message));
            exit = ExitCodes.UNUSABLE;
        }
        outWriter.flush();
        if (outWriter.checkError() || out.checkError()) {
            errWriter.println("tdw: cannot write the output (closed pipe or full disk); it is incomplete");
            return ExitCodes.OUTPUT_FAILED;
        }
        return exit;
    }

    private static int execute(String[] args, PrintWriter out, PrintWriter err) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // Building even the bare parser costs several times a JVM's start; the version needs none of it.
            for (String line : new Version().getVersion()) out.println(line);
            return ExitCodes.RAN;
        }
        skipPicocliLookups();
        String named = args.length > 0 && isCommandName(args[0]) && !args[0].equals("help") ? args[0] : null;
        CommandLine cl;
        if (named != null) {
            // A named command is parsed on its own, named as it is under "tdw": the top command's model (its help and
            // version options, the help command) would be built only to hand the rest of the line on.
            // Its manifest files are read on a second thread meanwhile: building the model takes as long as reading.
            args = java.util.Arrays.copyOfRange(args, 1, args.length);
            ReadAhead ahead = ReadAhead.start(args, ReadAhead.MANIFESTS, Runtime.getRuntime().availableProcessors());
            cl = new CommandLine(subcommand(named, ahead));
            cl.setCommandName("tdw " + named);
        } else {
            cl = everyCommand();
        }
        cl.registerConverter(Path.class, new PathConverter());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler(new UsageErrorHandler(out, err));
        return cl.execute(args);
    }

    // Picocli's interfaces are implemented by named classes, never by lambdas: linking a lambda costs about 0.3 ms on
    // first use, and with Central's picocli (Java 5 bytecode, which Java 17 archives only unlinked) the class-data
    // archive's dump excluded a lambda's interface and every class implementing it, the 30 built-in converters too.

    static final class PathConverter implements CommandLine.ITypeConverter<Path> {
        @Override
        public Path convert(String arg) {
            return path(arg);
        }

        /**
         * A path argument. The JVM decodes arguments and file names by the locale's charset: under {@code LANG=C} a
         * non-ASCII name arrives as replacement characters and cannot be named at all, so it is refused saying why and
         * what to do ({@code bin/tdw} and the installed launcher switch to a UTF-8 locale themselves).
         */
        static Path path(String arg) {
            if (dev.tdw.bridge.remote.RemoteAddress.isRemote(arg)) {
                throw new CommandLine.TypeConversionException(SafeText.quoted(arg) + ": this option names a local file or folder;"
                        + " ssh:// addresses are for the captures a command reads (nothing is written on a host)");
            }
            try {
                return Path.of(arg);
            } catch (java.nio.file.InvalidPathException e) {
                throw new CommandLine.TypeConversionException(SafeText.quoted(arg) + ": not a file name in this locale's character set ("
                        + System.getProperty("sun.jnu.encoding") + "); run tdw under a UTF-8 locale, e.g. LC_ALL=C.UTF-8");
            }
        }
    }

    /** Picocli's own usage errors are unusable input too, with the same JSON failure object as other failures. */
    private record UsageErrorHandler(PrintWriter out, PrintWriter err) implements CommandLine.IParameterExceptionHandler {
        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] args) {
            String message = SafeText.of(ex.getMessage());
            err.println("tdw: " + message);
            ex.getCommandLine().usage(err);
            if (!wantsText(args)) CommandSupport.printJson(out, Json.failure(message));
            return ExitCodes.UNUSABLE;
        }
    }

    /** The top command with every sub-command, as the usage lists them. */
    static CommandLine everyCommand() {
        CommandLine cl = new CommandLine(model());
        for (String name : SUBCOMMANDS) cl.addSubcommand(name, subcommand(name, ReadAhead.NONE));
        return cl;
    }

    /** The converters {@link #skipPicocliLookups} leaves out: no option of tdw may have a type in these packages. */
    static final String UNCONVERTED_TYPES = "java\\.(sql|time)\\..*";

    /**
     * Turns off two look-ups of picocli that cost more than the rest of a short command's parsing (through its
     * documented system properties). Its support for Groovy closures looks for {@code groovy.lang.Closure}, which is
     * not there, so the class loader opens and indexes every jar on the class path, the workbench's too. Its converters
     * for {@code java.time} and {@code java.sql} types initialise those classes by reflection ({@code MonthDay} alone
     * builds every ISO date formatter); no option has such a type ({@code TdwCommandTest} checks every one).
     */
    private static void skipPicocliLookups() {
        System.setProperty("picocli.disable.closures", "true");
        System.setProperty("picocli.converters.excludes", UNCONVERTED_TYPES);
    }

    /** Whether an argument names a sub-command ({@code scan}, {@code help}, ...). */
    public static boolean isCommandName(String arg) {
        return SUBCOMMANDS.contains(arg);
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
