package dev.tdw.app.cli;

import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/tdw} of a checkout whose libraries this user cannot read (the builder's own Maven repository) says which
 * and what to do, instead of the JVM's NoClassDefFoundError trace. The checkout is a copy with an unreadable class path.
 */
class LauncherLibrariesTest {
    @TempDir Path tmp;

    @Test
    void aLibraryThatCannotBeReadIsNamedWithWhatToDo() throws Exception {
        Path checkout = TestCaptures.root().getParent().getParent();
        Files.createDirectories(tmp.resolve("bin"));
        Files.createDirectories(tmp.resolve("app/target"));
        Files.createDirectories(tmp.resolve("packaging/image"));
        Files.copy(checkout.resolve("bin/tdw"), tmp.resolve("bin/tdw"));
        Files.copy(checkout.resolve("packaging/image/tdw-jvm-options"), tmp.resolve("packaging/image/tdw-jvm-options"));
        Files.writeString(tmp.resolve("app/target/tdw-app-0.1.0-SNAPSHOT.jar"), "");
        // Paths this user cannot read: a missing file reads as unreadable as another user's 0700 ~/.m2 (root reads all).
        Files.writeString(tmp.resolve("app/target/classpath.txt"), "/nonexistent-m2/repository/jackson-core.jar:/nonexistent-m2/picocli.jar");
        Process p = new ProcessBuilder("bash", tmp.resolve("bin/tdw").toString(), "--version").redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), err);
        assertEquals("", out);
        assertTrue(err.startsWith("tdw: cannot read 2 of the libraries this build runs on (" + tmp.resolve("app/target/classpath.txt")
                + " names them), first /nonexistent-m2/repository/jackson-core.jar: run tdw as the user who built it"), err);
        assertFalse(err.contains("NoClassDefFoundError") || err.contains("Exception"), err);
    }
}
