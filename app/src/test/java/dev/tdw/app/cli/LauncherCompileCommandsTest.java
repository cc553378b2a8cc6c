package dev.tdw.app.cli;

import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launchers' compile commands (packaging/image/tdw-jvm-options) name tdw's classes and methods as text, which the
 * JVM matches silently: a renamed method or a moved class would leave its command matching nothing. Every pattern
 * that names a tdw package must still name a class (or a class-name prefix) and a method there.
 */
class LauncherCompileCommandsTest {
    private static final Pattern COMMAND = Pattern.compile("-XX:CompileCommand=\\w+,(dev/tdw/[\\w/$*]+)\\.([\\w*]+)");

    @Test
    void everyCompileCommandNamesAnExistingMethod() throws Exception {
        Path options = TestCaptures.root().getParent().getParent().resolve("packaging/image/tdw-jvm-options");
        Matcher m = COMMAND.matcher(Files.readString(options));
        List<String> checked = new ArrayList<>();
        while (m.find()) {
            String classPattern = m.group(1), method = m.group(2);
            checked.add(classPattern + "." + method);
            int star = classPattern.indexOf('*');
            if (star < 0) {
                Class<?> c = Class.forName(classPattern.replace('/', '.'));
                assertTrue(method.equals("*") || Arrays.stream(c.getDeclaredMethods()).map(Method::getName).anyMatch(method::equals),
                        options + ": " + c.getName() + " has no method " + method);
            } else {
                // A package's classes, or those whose names start with a prefix: at least one must exist.
                String prefix = classPattern.substring(0, star);
                String folder = prefix.substring(0, prefix.lastIndexOf('/') + 1);
                String name = prefix.substring(prefix.lastIndexOf('/') + 1);
                var url = getClass().getClassLoader().getResource(folder);
                assertNotNull(url, options + ": no package " + folder);
                assertTrue(classFileNames(url.toURI()).stream().anyMatch(f -> f.startsWith(name)),
                        options + ": no class " + classPattern + " in " + folder);
            }
        }
        assertFalse(checked.isEmpty(), "no compile command naming tdw's classes was found in " + options);
        assertTrue(checked.contains("dev/tdw/model/input/StrictUtf8InputStream.skipAscii"), checked.toString());
    }

    /** The file names in a package's folder, in a class folder or a jar (model's, when app is built alone). */
    private static List<String> classFileNames(URI folder) throws Exception {
        if (!folder.getScheme().equals("jar")) return names(Path.of(folder));
        try (FileSystem jar = FileSystems.newFileSystem(folder, Map.of())) {
            return names(jar.provider().getPath(folder));
        }
    }

    private static List<String> names(Path folder) throws Exception {
        try (var files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).toList();
        }
    }
}
