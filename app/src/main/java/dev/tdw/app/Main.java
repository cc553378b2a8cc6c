package dev.tdw.app;

import dev.tdw.app.cli.TdwCommand;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Entry point of {@code tdw}. With a sub-command it runs headless and never loads JavaFX; with no
 * arguments, {@code open ...}, or only capture directories (what a file manager hands over), it starts
 * the workbench. A sub-command name always wins: a folder named {@code scan} in the working directory
 * does not turn {@code tdw scan} into {@code tdw open scan}.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // UTF-8 whatever the locale: under LANG=C the JVM's default would print every non-ASCII
        // character of a stage name or path as '?', so two distinct keys would print the same.
        PrintStream out = utf8(FileDescriptor.out);
        PrintStream err = utf8(FileDescriptor.err);
        System.setOut(out);
        System.setErr(err);
        String[] command = workbenchArguments(args);
        if (command != null) {
            startWorkbench(command, err);
            return;
        }
        System.exit(TdwCommand.run(args, out, err));
    }

    /** The workbench's arguments ({@code open ...}), or null when the command line is for a sub-command. */
    static String[] workbenchArguments(String[] args) {
        if (args.length == 0 || args[0].equals("open")) return args;
        if (TdwCommand.isCommandName(args[0]) || args[0].startsWith("-")) return null;
        if (!Arrays.stream(args).allMatch(Main::isDirectory)) return null;
        String[] open = new String[args.length + 1];
        open[0] = "open";
        System.arraycopy(args, 0, open, 1, args.length);
        return open;
    }

    private static boolean isDirectory(String arg) {
        try {
            return Files.isDirectory(Path.of(arg));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static PrintStream utf8(FileDescriptor fd) {
        return new PrintStream(new FileOutputStream(fd), true, StandardCharsets.UTF_8);
    }

    /** Reflection keeps JavaFX classes out of the headless commands' class loading entirely. */
    private static void startWorkbench(String[] args, PrintStream err) {
        try {
            Class.forName("dev.tdw.app.ui.WorkbenchApp").getMethod("launch", String[].class).invoke(null, (Object) args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            // The workbench's own message (e.g. the usage of "tdw open") is the cause, not the reflective wrapper.
            Throwable cause = e.getCause() == null ? e : e.getCause();
            err.println("tdw: " + dev.tdw.model.text.SafeText.lines(cause.getMessage() == null ? cause.toString() : cause.getMessage()));
            System.exit(2);
        } catch (ReflectiveOperationException e) {
            err.println("tdw: cannot start the workbench: " + e);
            System.exit(2);
        }
    }
}
