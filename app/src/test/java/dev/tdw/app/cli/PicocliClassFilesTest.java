package dev.tdw.app.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tdw runs picocli compiled from its sources as Java 17 class files (picocli/pom.xml): the class-data archive stores
 * those verified, where Central's Java 5 classes were verified again on every start. Their string concatenations stay
 * StringBuilder calls, so no method-handle class is spun for them at run time.
 */
class PicocliClassFilesTest {
    private static final int JAVA_17 = 61;

    @Test
    void picocliIsJava17BytecodeWithoutIndyConcatenation() throws IOException {
        Deque<Class<?>> classes = new ArrayDeque<>();
        classes.add(CommandLine.class);
        int checked = 0;
        while (!classes.isEmpty()) {
            Class<?> c = classes.remove();
            classes.addAll(List.of(c.getDeclaredClasses()));
            byte[] bytes = classFile(c);
            assertEquals(JAVA_17, ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff), c.getName());
            assertFalse(new String(bytes, StandardCharsets.ISO_8859_1).contains("StringConcatFactory"), c.getName());
            checked++;
        }
        assertTrue(checked > 100, "only " + checked + " of picocli's classes found");
    }

    /** The parent pom compiles every module's concatenations inline too; one indy shape costs a short command ms. */
    @Test
    void tdwClassesConcatenateWithoutIndy() throws Exception {
        int checked = 0;
        for (Class<?> module : List.of(TdwCommand.class, dev.tdw.model.key.StageKey.class)) {
            Path root = Path.of(module.getProtectionDomain().getCodeSource().getLocation().toURI());
            try (FileSystem jar = Files.isDirectory(root) ? null : FileSystems.newFileSystem(root);
                 Stream<Path> files = Files.walk(jar == null ? root : jar.getPath("/"))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                    assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains("StringConcatFactory"), f.toString());
                    checked++;
                }
            }
        }
        assertTrue(checked > 200, "only " + checked + " class files of tdw found");
    }

    private static byte[] classFile(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getPackageName().length() + 1) + ".class")) {
            assertNotNull(in, c.getName());
            return in.readAllBytes();
        }
    }
}
