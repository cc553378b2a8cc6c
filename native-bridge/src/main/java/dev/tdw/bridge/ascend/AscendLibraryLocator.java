package dev.tdw.bridge.ascend;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the CANN libraries. The system property {@value #OVERRIDE_PROPERTY}, when set, names the only
 * directory searched (tests point it at the CANN test double); otherwise {@code $ASCEND_HOME_PATH/lib64},
 * each {@code LD_LIBRARY_PATH} entry, {@value #DEFAULT_TOOLKIT} and {@value #DEFAULT_CANN} (newer installs)
 * are searched in that order. Each library is taken from the first directory that has it, since a toolkit
 * and an operator package may be installed apart. Found through the environment, CANN also needs
 * {@code ASCEND_OPP_PATH} (set by its {@code set_env.sh}): without it aclnn operators find no kernels.
 */
public final class AscendLibraryLocator {
    public static final String OVERRIDE_PROPERTY = "tdw.ascend.lib";
    public static final String DEFAULT_TOOLKIT = "/usr/local/Ascend/ascend-toolkit/latest/lib64";
    public static final String DEFAULT_CANN = "/usr/local/Ascend/cann/lib64";
    static final String OPP_PATH = "ASCEND_OPP_PATH";
    /** What the user runs so that CANN's dependencies and ASCEND_OPP_PATH are set. */
    static final String SET_ENV_ADVICE = "run `source <CANN install>/set_env.sh` (e.g. /usr/local/Ascend/ascend-toolkit/set_env.sh)"
            + " before starting tdw";

    static final String RUNTIME = "libascendcl.so";
    static final String OPERATOR_OBJECTS = "libnnopbase.so";
    static final List<String> SPLIT_OPERATORS = List.of("libopapi_math.so", "libopapi_nn.so");
    /** Part of the split too, but optional: it holds the transformer operators such as rotary embedding. */
    static final String SPLIT_TRANSFORMER = "libopapi_transformer.so";
    static final String SINGLE_OPERATORS = "libopapi.so";

    private final List<Path> directories;
    /** Why the environment cannot run operators even where the libraries are found; empty when it can. */
    private final Optional<String> environmentProblem;

    /** Searches exactly these directories, whatever the environment says. */
    public AscendLibraryLocator(List<Path> directories) {
        this(directories, Optional.empty());
    }

    private AscendLibraryLocator(List<Path> directories, Optional<String> environmentProblem) {
        this.directories = List.copyOf(directories);
        this.environmentProblem = environmentProblem;
    }

    /** The locator for this process: the override property, or the environment. */
    public static AscendLibraryLocator fromEnvironment() {
        return forSettings(System.getProperty(OVERRIDE_PROPERTY), System.getenv());
    }

    static AscendLibraryLocator forSettings(String override, Map<String, String> env) {
        if (override != null && !override.isBlank()) return new AscendLibraryLocator(List.of(Path.of(override)));
        var dirs = new LinkedHashSet<Path>();
        String home = env.get("ASCEND_HOME_PATH");
        if (home != null && !home.isBlank()) dirs.add(Path.of(home, "lib64"));
        String ld = env.get("LD_LIBRARY_PATH");
        if (ld != null) {
            for (String entry : ld.split(File.pathSeparator)) {
                if (!entry.isBlank()) dirs.add(Path.of(entry));
            }
        }
        dirs.add(Path.of(DEFAULT_TOOLKIT));
        dirs.add(Path.of(DEFAULT_CANN));
        String opp = env.get(OPP_PATH);
        Optional<String> problem = opp == null || opp.isBlank()
                ? Optional.of(OPP_PATH + " is not set, and aclnn operators fail without it")
                : Files.isDirectory(Path.of(opp)) ? Optional.empty() : Optional.of(OPP_PATH + " " + opp + " is not a directory");
        return new AscendLibraryLocator(new ArrayList<>(dirs), problem);
    }

    public List<Path> directories() { return directories; }

    public AscendDiscovery locate() {
        Optional<Path> runtime = find(RUNTIME);
        Optional<Path> objects = find(OPERATOR_OBJECTS);
        // Current releases split the operators; an older libopapi.so left beside them is not loaded too, as
        // the same operator from two releases in one process is not supported.
        var operators = new ArrayList<Path>();
        List<Optional<Path>> split = SPLIT_OPERATORS.stream().map(this::find).toList();
        if (split.stream().allMatch(Optional::isPresent)) {
            split.forEach(p -> operators.add(p.get()));
            find(SPLIT_TRANSFORMER).ifPresent(operators::add);
        } else {
            find(SINGLE_OPERATORS).ifPresent(operators::add);
        }

        var missing = new ArrayList<String>();
        if (runtime.isEmpty()) missing.add(RUNTIME);
        if (objects.isEmpty()) missing.add(OPERATOR_OBJECTS);
        if (operators.isEmpty()) missing.add(String.join(" + ", SPLIT_OPERATORS) + " or " + SINGLE_OPERATORS);
        if (!missing.isEmpty()) {
            return new AscendDiscovery(directories, Optional.empty(), "not found: " + String.join(", ", missing) + " in " + directories);
        }
        var libraries = new AscendLibraries(runtime.get(), objects.get(), operators);
        if (environmentProblem.isPresent()) {
            return new AscendDiscovery(directories, Optional.empty(), "found " + libraries.all() + ", but "
                    + environmentProblem.get() + ": " + SET_ENV_ADVICE);
        }
        return new AscendDiscovery(directories, Optional.of(libraries), "found " + libraries.all());
    }

    private Optional<Path> find(String name) {
        return directories.stream().map(d -> d.resolve(name)).filter(Files::isRegularFile).findFirst();
    }
}
