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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * String concatenations that are StringBuilder calls spin no method-handle class at run time, which the class-data
 * archive could not hold: tdw's own classes (the parent pom's -XDstringConcat=inline) and picocli's (Central's jar,
 * Java 5 class files, which have no other kind).
 */
class PicocliClassFilesTest {
    @Test
    void picocliConcatenatesWithoutIndy() throws IOException {
        Deque<Class<?>> classes = new ArrayDeque<>();
        classes.add(CommandLine.class);
        int checked = 0;
        while (!classes.isEmpty()) {
            Class<?> c = classes.remove();
            classes.addAll(List.of(c.getDeclaredClasses()));
            byte[] bytes = classFile(c);
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
