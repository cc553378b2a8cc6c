package dev.tdw.app.cli;

import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.bridge.ascend.DeviceCheck;
import dev.tdw.bridge.remote.HostTdw;
import dev.tdw.bridge.remote.RemoteAddress;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CommandModel.option;

/** {@code tdw device check}: renders {@link DeviceCheck}, which decides everything; with {@code --host}, the host's tdw does. */
final class DeviceCommand extends CommandSupport {
    /** What {@code tdw device} does; {@code check} is the only action so far. */
    enum Action { check }

    private final OptionValue<List<Action>> action = new OptionValue<>(new ArrayList<>());
    private final OptionValue<String> host = new OptionValue<>(null);
    private final OptionValue<String> hostTdw = new OptionValue<>(HostTdw.DEFAULT);

    @Override
    CommandSpec model() {
        CommandSpec spec = command("device",
                "Check this host's Ascend setup: CANN, its libraries, the devices.",
                "Reports where CANN was found, each library's path, the ACL version, the devices and a tiny operator round trip",
                "on device 0, with the fix for each failure. Exit 0 when every step passed, 2 when one failed.");
        spec.addPositional(CommandModel.positionals(action, Action.class).arity("1").paramLabel("check").description("check").build());
        spec.addOption(option(host, String.class, RemoteInputs.HOST_OPTION).paramLabel("ssh://[user@]host[:port]")
                .description("check that host instead, by the tdw installed there, over SSH (docs/remote.md)").build());
        spec.addOption(option(hostTdw, String.class, "--host-tdw").paramLabel("CMD").defaultValue(HostTdw.DEFAULT)
                .description("with --host: the command that runs tdw on the host (default ${DEFAULT-VALUE}, on its PATH)").build());
        return spec;
    }

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        if (host.value() != null) return onHost(out);
        DeviceCheck check = DeviceCheck.run(AscendLibraryLocator.fromEnvironment());
        for (DeviceCheck.Step step : check.steps()) {
            out.println(label(step.outcome()) + " " + step.name() + (step.detail().isEmpty() ? "" : ": " + SafeText.of(step.detail())));
            if (!step.fix().isEmpty()) out.println("    fix: " + SafeText.of(step.fix()));
        }
        return check.passed() ? ExitCodes.RAN : ExitCodes.UNUSABLE;
    }

    /** The host's {@code tdw device check}, its output printed line by line as it comes, its exit code this one's. */
    private int onHost(PrintWriter out) throws UnusableInputException {
        int exit;
        RemoteAddress address;
        try {
            address = RemoteAddress.parseHost(host.value());
            Path root = RemoteInputs.host(address);
            // The login's home: where an ssh session starts, so the check sees the environment a shell there has.
            Path home = root.getFileSystem().getPath(".").toAbsolutePath().normalize();
            exit = HostTdw.run(home, hostTdw.value(), List.of("device", "check"), line -> {
                out.println(SafeText.of(line));
                out.flush();
            });
        } catch (IOException e) {
            throw new UnusableInputException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnusableInputException("interrupted", e);
        }
        var notRun = HostTdw.didNotRun(exit, address.hostText(), hostTdw.value());
        if (notRun.isPresent()) throw new UnusableInputException(notRun.get());
        return exit;
    }

    private static String label(DeviceCheck.Outcome outcome) {
        return switch (outcome) {
            case PASSED -> "[ok]     ";
            case FAILED -> "[FAILED] ";
            case NOT_RUN -> "[not run]";
        };
    }
}
