package dev.tdw.app;

import dev.tdw.app.cli.TdwCommand;

/**
 * Entry point of {@code tdw}. With a sub-command it runs headless and never loads JavaFX; with no
 * arguments, or {@code open LEFT RIGHT}, it starts the workbench.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("open")) {
            startWorkbench(args);
            return;
        }
        // A desktop entry or file manager hands over bare folders: open them, as "tdw open" would.
        if (java.util.Arrays.stream(args).allMatch(a -> java.nio.file.Files.isDirectory(java.nio.file.Path.of(a)))) {
            String[] open = new String[args.length + 1];
            open[0] = "open";
            System.arraycopy(args, 0, open, 1, args.length);
            startWorkbench(open);
            return;
        }
        System.exit(TdwCommand.run(args, System.out, System.err));
    }

    /** Reflection keeps JavaFX classes out of the headless commands' class loading entirely. */
    private static void startWorkbench(String[] args) {
        try {
            Class.forName("dev.tdw.app.ui.WorkbenchApp").getMethod("launch", String[].class).invoke(null, (Object) args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            // The workbench's own message (e.g. the usage of "tdw open") is the cause, not the reflective wrapper.
            Throwable cause = e.getCause() == null ? e : e.getCause();
            System.err.println("tdw: " + (cause.getMessage() == null ? cause : cause.getMessage()));
            System.exit(2);
        } catch (ReflectiveOperationException e) {
            System.err.println("tdw: cannot start the workbench: " + e);
            System.exit(2);
        }
    }
}
