package dev.tdw.bridge.ascend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the CANN libraries, all in one directory, so that one process never mixes two CANN versions. The
 * system property {@value #OVERRIDE_PROPERTY}, when set, names that directory (tests point it at the CANN
 * test double); otherwise it is {@code lib64} of one CANN root: {@code $ASCEND_HOME_PATH} (which CANN's
 * {@code set_env.sh} exports as the root it sits in), else the first default root that has a {@code lib64}:
 * {@value CannSetup#CURRENT_ROOT}, then {@value CannSetup#TOOLKIT_ROOT}. The operator libraries are what
 * torch_npu loads from there (op-plugin {@code op_plugin/utils/op_api_common.cpp}): every
 * {@code libopapi_*.so}, looked up first, then {@code libopapi.so}. Either way CANN also needs
 * {@code ASCEND_OPP_PATH} (also exported by {@code set_env.sh}): without it aclnn operators find no kernels.
 */
public final class AscendLibraryLocator {
    public static final String OVERRIDE_PROPERTY = "tdw.ascend.lib";
    static final String OPP_PATH = "ASCEND_OPP_PATH";
    static final String HOME_PATH = "ASCEND_HOME_PATH";

    static final String RUNTIME = "libascendcl.so";
    static final String OPERATOR_OBJECTS = "libnnopbase.so";
    /** The split operator libraries: libopapi_math.so, libopapi_nn.so, libopapi_transformer.so, ... */
    static final String SPLIT_PREFIX = "libopapi_";
    static final String SINGLE_OPERATORS = "libopapi.so";

    private final Path directory;
    /** How the directory was chosen, for the explanation. */
    private final String origin;
    /** Why the environment cannot run operators even where the libraries are found; empty when it can. */
    private final Optional<String> environmentProblem;

    /** Loads from exactly this directory, whatever the environment says. */
    public AscendLibraryLocator(Path directory) {
        this(directory, "given", Optional.empty());
    }

    private AscendLibraryLocator(Path directory, String origin, Optional<String> environmentProblem) {
        this.directory = directory;
        this.origin = origin;
        this.environmentProblem = environmentProblem;
    }

    /** The locator for this process: the override property, or the environment. */
    public static AscendLibraryLocator fromEnvironment() {
        return forSettings(System.getProperty(OVERRIDE_PROPERTY), System.getenv());
    }

    static AscendLibraryLocator forSettings(String override, Map<String, String> env) {
        String opp = env.get(OPP_PATH);
        Optional<String> problem = opp == null || opp.isBlank()
                ? Optional.of(OPP_PATH + " is not set, and aclnn operators fail without it")
                : Files.isDirectory(Path.of(opp)) ? Optional.empty() : Optional.of(OPP_PATH + " " + opp + " is not a directory");
        if (override != null && !override.isBlank()) {
            return new AscendLibraryLocator(Path.of(override), "from -D" + OVERRIDE_PROPERTY, problem);
        }
        String home = env.get(HOME_PATH);
        if (home != null && !home.isBlank()) {
            return new AscendLibraryLocator(Path.of(home, "lib64"), "the CANN root in " + HOME_PATH, problem);
        }
        Path root = Stream.of(CannSetup.CURRENT_ROOT, CannSetup.TOOLKIT_ROOT).map(Path::of)
                .filter(r -> Files.isDirectory(r.resolve("lib64"))).findFirst().orElse(Path.of(CannSetup.CURRENT_ROOT));
        return new AscendLibraryLocator(root.resolve("lib64"), "the default CANN root (" + HOME_PATH + " is not set)", problem);
    }

    /** The one directory every library is loaded from. */
    public Path directory() { return directory; }

    public AscendDiscovery locate() {
        Optional<Path> runtime = find(RUNTIME);
        Optional<Path> objects = find(OPERATOR_OBJECTS);
        var operators = new ArrayList<>(splitOperators());
        find(SINGLE_OPERATORS).ifPresent(operators::add);

        var missing = new ArrayList<String>();
        if (runtime.isEmpty()) missing.add(RUNTIME);
        if (objects.isEmpty()) missing.add(OPERATOR_OBJECTS);
        if (operators.isEmpty()) missing.add(SPLIT_PREFIX + "*.so or " + SINGLE_OPERATORS);
        String where = directory + " (" + origin + ")";
        if (!missing.isEmpty()) {
            return new AscendDiscovery(List.of(directory), Optional.empty(), "not found: " + String.join(", ", missing) + " in " + where);
        }
        var libraries = new AscendLibraries(runtime.get(), objects.get(), operators);
        if (environmentProblem.isPresent()) {
            return new AscendDiscovery(List.of(directory), Optional.empty(), "found " + libraries.all() + " in " + where + ", but "
                    + environmentProblem.get() + ": " + CannSetup.SET_ENV_ADVICE);
        }
        return new AscendDiscovery(List.of(directory), Optional.of(libraries), "found " + libraries.all() + " in " + where);
    }

    private Optional<Path> find(String name) {
        return Optional.of(directory.resolve(name)).filter(Files::isRegularFile);
    }

    /** Every libopapi_*.so of the directory, by name. */
    private List<Path> splitOperators() {
        if (!Files.isDirectory(directory)) return List.of();
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(p -> {
                String name = p.getFileName().toString();
                return name.startsWith(SPLIT_PREFIX) && name.endsWith(".so") && Files.isRegularFile(p);
            }).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
