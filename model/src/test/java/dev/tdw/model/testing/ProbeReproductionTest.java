package dev.tdw.model.testing;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reproduction's command works from any working directory, however the calling JVM was started. */
class ProbeReproductionTest {
    @Test
    void relativeClassPathEntriesBecomeAbsolute() {
        String cwd = Path.of("").toAbsolutePath().toString();
        String given = String.join(File.pathSeparator, "target/test-classes", "", "/opt/lib/a.jar", "../model/target/classes");
        assertEquals(String.join(File.pathSeparator, cwd + "/target/test-classes", "/opt/lib/a.jar",
                Path.of(cwd).getParent().resolve("model/target/classes").toString()), ProbeReproduction.absoluteClassPath(given));
    }

    @Test
    void theCommandNamesOnlyAbsoluteEntries() {
        String command = ProbeReproduction.command();
        String cp = command.substring(command.indexOf("-cp '") + 5, command.lastIndexOf('\''));
        for (String entry : cp.split(File.pathSeparator)) assertTrue(Path.of(entry).isAbsolute(), entry);
    }
}
