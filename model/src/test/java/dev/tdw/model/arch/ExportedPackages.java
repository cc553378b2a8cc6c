package dev.tdw.model.arch;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Our code uses a library (or the JDK) only through the packages its module exports: an unexported package (Jackson's
 * {@code io.doubleparser}, the JDK's {@code sun.*}) is the library's internals, which any upgrade may change. The
 * exports are read from each library's own {@code module-info}; a library without one (an automatic module) exports
 * everything, so only the usual internal package names are refused there.
 */
public final class ExportedPackages {
    private static final Map<Path, Optional<ModuleDescriptor>> JARS = new ConcurrentHashMap<>();

    private ExportedPackages() {}

    /** The rule: no class of ours depends on a class in a package its module does not export to everyone. */
    public static ArchRule onlyExportedPackagesOfLibraries() {
        return noClasses().should().dependOnClassesThat(UNEXPORTED)
                .because("a package a library does not export is its internals, which an upgrade may change");
    }

    static final DescribedPredicate<JavaClass> UNEXPORTED =
            DescribedPredicate.describe("reside in a package their module does not export", ExportedPackages::unexported);

    static boolean unexported(JavaClass target) {
        String pkg = target.getPackageName();
        if (pkg.startsWith("dev.tdw.") || target.isArray() || target.isPrimitive()) return false;
        return module(target.getName())
                .map(m -> !m.isAutomatic() && m.exports().stream().noneMatch(e -> !e.isQualified() && e.source().equals(pkg)))
                .orElse(pkg.contains(".internal") || pkg.startsWith("sun.") || pkg.startsWith("com.sun.")
                        && !pkg.startsWith("com.sun.jna"));
    }

    /** The descriptor of the module a class comes from: the JDK's named module, or the module-info of its jar. */
    private static Optional<ModuleDescriptor> module(String className) {
        Class<?> type;
        try {
            type = Class.forName(className, false, ExportedPackages.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
        if (type.getModule().isNamed()) return Optional.of(type.getModule().getDescriptor());
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null) return Optional.empty();
        try {
            Path jar = Path.of(source.getLocation().toURI());
            if (!Files.isRegularFile(jar)) return Optional.empty();
            return JARS.computeIfAbsent(jar, j -> ModuleFinder.of(j).findAll().stream()
                    .findFirst().map(ModuleReference::descriptor));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
