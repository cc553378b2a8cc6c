package dev.tdw.app.cli;

import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.bridge.ascend.DeviceCheck;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** {@code tdw device check}: renders {@link DeviceCheck}, which decides everything. */
final class DeviceCommand extends CommandSupport {
    /** What {@code tdw device} does; {@code check} is the only action so far. */
    enum Action { check }

    private final OptionValue<List<Action>> action = new OptionValue<>(new ArrayList<>());

    @Override
    CommandSpec model() {
        CommandSpec spec = command("device",
                "Check this host's Ascend setup: CANN, its libraries, the devices.",
                "Reports where CANN was found, each library's path, the ACL version, the devices and a tiny operator round trip",
                "on device 0, with the fix for each failure. Exit 0 when every step passed, 2 when one failed.");
        spec.addPositional(CommandModel.positionals(action, Action.class).arity("1").paramLabel("check").description("check").build());
        return spec;
    }

    @Override
    int execute(PrintWriter out) {
        DeviceCheck check = DeviceCheck.run(AscendLibraryLocator.fromEnvironment());
        for (DeviceCheck.Step step : check.steps()) {
            out.println(label(step.outcome()) + " " + step.name() + (step.detail().isEmpty() ? "" : ": " + SafeText.of(step.detail())));
            if (!step.fix().isEmpty()) out.println("    fix: " + SafeText.of(step.fix()));
        }
        return check.passed() ? ExitCodes.RAN : ExitCodes.UNUSABLE;
    }

    private static String label(DeviceCheck.Outcome outcome) {
        return switch (outcome) {
            case PASSED -> "[ok]     ";
            case FAILED -> "[FAILED] ";
            case NOT_RUN -> "[not run]";
        };
    }
}
