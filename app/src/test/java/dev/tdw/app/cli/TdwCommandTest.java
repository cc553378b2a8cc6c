package dev.tdw.app.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The root command registers sub-commands lazily; what the user sees must not change. */
class TdwCommandTest {
    @Test
    void versionPrintsTheToolAndJavaVersions() {
        for (String flag : new String[] {"--version", "-V"}) {
            CliBehaviourTest.Run r = tdw(flag);
            assertEquals(0, r.exit());
            String[] lines = r.out().split("\\R");
            assertEquals("tdw " + Version.get(), lines[0]);
            assertTrue(lines[1].startsWith("Java " + System.getProperty("java.version")), r.out());
        }
    }

    @Test
    void theUsageListsEverySubcommandInOrder() {
        for (String[] args : new String[][] {{"--help"}, {"help"}, {"nonsense"}}) {
            CliBehaviourTest.Run r = tdw(args);
            String usage = r.out() + r.err();
            int scan = usage.indexOf("  scan "), diff = usage.indexOf("  diff "), tensors = usage.indexOf("  tensors "),
                    replay = usage.indexOf("  replay ");
            assertTrue(scan > 0 && scan < diff && diff < tensors && tensors < replay, String.join(" ", args) + ": " + usage);
        }
        assertEquals(ExitCodes.UNUSABLE, tdw("nonsense").exit());
    }

    @Test
    void helpForOneSubcommandAndTheSubcommandItselfStillWork() {
        assertTrue(tdw("help", "tensors").out().contains("--worst"));
        CliBehaviourTest.Run r = tdw("tensors", "--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().startsWith("Usage: tdw tensors"), r.out());
    }

    /**
     * Every command's model is written in code (CommandModel): its class and its option groups carry no picocli
     * annotation that a reflective build would read as a second definition, and none was built from annotations.
     */
    @Test
    void noCommandIsDefinedByAnnotations() {
        List<CommandLine> commands = new ArrayList<>(List.of(TdwCommand.everyCommand()));
        commands.addAll(commands.get(0).getSubcommands().values());
        List<String> checked = new ArrayList<>();
        for (CommandLine cl : commands) {
            Object user = cl.getCommandSpec().userObject();
            if (user instanceof CommandLine.HelpCommand) continue; // picocli's own
            List<Object> objects = new ArrayList<>(List.of(user));
            cl.getCommandSpec().mixins().values().forEach(m -> objects.add(m.userObject()));
            for (Object o : objects) {
                for (Class<?> c = o.getClass(); c != Object.class; c = c.getSuperclass()) {
                    assertFalse(hasPicocliAnnotation(c.getAnnotations()), c.getName());
                    for (var field : c.getDeclaredFields()) {
                        // CommandSupport's @Spec serves a command picocli builds by reflection; ours get theirs in code.
                        boolean spec = field.getType() == CommandLine.Model.CommandSpec.class && c == CommandSupport.class;
                        assertFalse(!spec && hasPicocliAnnotation(field.getAnnotations()), c.getName() + "." + field.getName());
                    }
                }
                checked.add(o.getClass().getSimpleName());
            }
            for (ArgSpec arg : cl.getCommandSpec().args()) {
                // picocli keeps the field or method an annotated option was read from.
                assertFalse(arg.userObject() instanceof java.lang.reflect.AccessibleObject, cl.getCommandName() + " " + arg.paramLabel());
            }
        }
        assertTrue(checked.containsAll(List.of("TdwCommand", "ScanCommand", "DiffCommand", "NextCommand", "TensorsCommand",
                "ReplayCommand", "SelectorOptions", "OutputOptions", "CaptureSetOptions")), checked.toString());
    }

    private static boolean hasPicocliAnnotation(java.lang.annotation.Annotation[] annotations) {
        for (var a : annotations) {
            if (a.annotationType().getName().startsWith("picocli.")) return true;
        }
        return false;
    }

    @Test
    void noOptionHasATypeWhoseConverterIsLeftOut() {
        List<String> seen = new ArrayList<>();
        List<CommandLine> commands = new ArrayList<>(List.of(TdwCommand.everyCommand()));
        for (int i = 0; i < commands.size(); i++) {
            commands.addAll(commands.get(i).getSubcommands().values());
            for (ArgSpec arg : commands.get(i).getCommandSpec().args()) {
                List<Class<?>> types = new ArrayList<>(List.of(arg.auxiliaryTypes()));
                types.add(arg.type());
                for (Class<?> type : types) {
                    String where = commands.get(i).getCommandName() + " " + arg.paramLabel() + ": " + type.getName();
                    assertFalse(type.getName().matches(TdwCommand.UNCONVERTED_TYPES), where);
                    seen.add(where);
                }
            }
        }
        // The walk reached the sub-commands' options, not only the top command's.
        assertTrue(seen.stream().anyMatch(s -> s.startsWith("tensors ") && s.endsWith("java.nio.file.Path")), seen.toString());
        assertTrue("java.time.Duration".matches(TdwCommand.UNCONVERTED_TYPES) && "java.sql.Time".matches(TdwCommand.UNCONVERTED_TYPES));
    }
}
