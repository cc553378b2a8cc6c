package dev.tdw.bridge.ascend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class AscendLibraryLocatorTest {
    @TempDir
    Path tmp;

    private Path dir(String name, String... libraries) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(name));
        for (String lib : libraries) Files.writeString(d.resolve(lib), "");
        return d;
    }

    /** The environment set_env.sh leaves for a CANN root, with ASCEND_OPP_PATH an existing folder. */
    private Map<String, String> setEnv(Path root) {
        return Map.of("ASCEND_HOME_PATH", root.toString(), "ASCEND_OPP_PATH", tmp.toString());
    }

    @Test
    void oneCannRootAscendHomeThenTheDefaultRoots() {
        assertEquals(Path.of("/opt/cann/lib64"), AscendLibraryLocator.forSettings(null,
                Map.of("ASCEND_HOME_PATH", "/opt/cann", "LD_LIBRARY_PATH", "/a:/b")).directory(), "LD_LIBRARY_PATH is no second source");
        // Neither default root exists here: the current layout's is named.
        assertEquals(Path.of("/usr/local/Ascend/cann/lib64"), AscendLibraryLocator.forSettings(" ", Map.of()).directory());
    }

    @Test
    void everyLibraryComesFromTheOneRootEvenWhenAnotherFolderHasThem() throws IOException {
        Path root = tmp.resolve("cann-8.3");
        dir("cann-8.3/lib64", "libascendcl.so", "libnnopbase.so", "libopapi_nn.so");
        Path other = dir("cann-8.1/lib64", "libascendcl.so", "libnnopbase.so", "libopapi_math.so", "libopapi_nn.so");
        var env = new java.util.HashMap<>(setEnv(root));
        env.put("LD_LIBRARY_PATH", other.toString());
        var found = AscendLibraryLocator.forSettings(null, env).locate().libraries().orElseThrow();
        assertEquals(List.of(root.resolve("lib64/libascendcl.so"), root.resolve("lib64/libnnopbase.so"), root.resolve("lib64/libopapi_nn.so")),
                found.all());
    }

    /** As torch_npu loads them (op-plugin op_api_common.cpp): each libopapi_*.so first, libopapi.so last. */
    @Test
    void theSplitLibrariesComeFirstAndLibopapiLast() throws IOException {
        Path d = dir("cann", "libascendcl.so", "libnnopbase.so", "libopapi.so", "libopapi_nn.so", "libopapi_math.so", "libopapi_transformer.so");
        var found = new AscendLibraryLocator(d).locate().libraries().orElseThrow();
        assertEquals(List.of(d.resolve("libopapi_math.so"), d.resolve("libopapi_nn.so"), d.resolve("libopapi_transformer.so"),
                d.resolve("libopapi.so")), found.operatorLibraries());
    }

    @Test
    void theOverrideIsTheOneDirectoryAndPassesTheSameChecks() throws IOException {
        Path d = dir("double", "libascendcl.so", "libnnopbase.so", "libopapi.so");
        var locator = AscendLibraryLocator.forSettings(d.toString(), Map.of("ASCEND_HOME_PATH", "/opt/cann"));
        assertEquals(d, locator.directory());
        var discovery = locator.locate();
        assertFalse(discovery.found());
        assertTrue(discovery.explanation().endsWith("(from -Dtdw.ascend.lib), but ASCEND_OPP_PATH is not set, and aclnn operators"
                + " fail without it: " + CannSetup.SET_ENV_ADVICE), discovery.explanation());
        assertTrue(AscendLibraryLocator.forSettings(d.toString(), Map.of("ASCEND_OPP_PATH", tmp.toString())).locate().found());
    }

    @Test
    void theTestDoubleIsNeverFoundWithoutTheOverride() {
        Path doubles = Path.of(System.getProperty("tdw.test.double"));
        var discovery = AscendLibraryLocator.forSettings(null, System.getenv()).locate();
        assertTrue(discovery.searched().stream().noneMatch(d -> d.toAbsolutePath().startsWith(doubles.toAbsolutePath())));
        discovery.libraries().ifPresent(found -> assertTrue(found.all().stream().noneMatch(p -> p.toAbsolutePath().startsWith(doubles.toAbsolutePath()))));
    }

    @Test
    void foundThroughTheEnvironmentCannNeedsAscendOppPath() throws IOException {
        Path root = tmp.resolve("env");
        Path d = dir("env/lib64", "libascendcl.so", "libnnopbase.so", "libopapi.so");
        var without = AscendLibraryLocator.forSettings(null, Map.of("ASCEND_HOME_PATH", root.toString())).locate();
        assertFalse(without.found());
        assertEquals("found " + List.of(d.resolve("libascendcl.so"), d.resolve("libnnopbase.so"), d.resolve("libopapi.so"))
                + " in " + d + " (the CANN root in ASCEND_HOME_PATH), but ASCEND_OPP_PATH is not set, and aclnn operators fail without it:"
                + " run `source <CANN root>/set_env.sh` (/usr/local/Ascend/cann/set_env.sh, or /usr/local/Ascend/ascend-toolkit/set_env.sh"
                + " in older installations) before starting tdw", without.explanation());
        var notADirectory = AscendLibraryLocator.forSettings(null, Map.of("ASCEND_HOME_PATH", root.toString(),
                "ASCEND_OPP_PATH", tmp.resolve("nowhere").toString())).locate();
        assertTrue(notADirectory.explanation().contains("ASCEND_OPP_PATH " + tmp.resolve("nowhere") + " is not a directory"),
                notADirectory.explanation());
        assertTrue(AscendLibraryLocator.forSettings(null, setEnv(root)).locate().found());
    }

    @Test
    void aLibraryWhoseDependencyDoesNotLoadTellsTheUserToSourceSetEnv() {
        Path current = TestDouble.layout("current");
        var libraries = new AscendLibraries(TestDouble.layout("broken").resolve("libascendcl.so"), current.resolve("libnnopbase.so"),
                List.of(current.resolve("libopapi_math.so")));
        var e = assertThrows(dev.tdw.bridge.device.DeviceException.class, () -> NativeSymbols.load(libraries));
        assertTrue(e.getMessage().contains("libtdw_double_gone.so"), e.getMessage());
        assertTrue(e.getMessage().endsWith("a library it depends on was not found: " + CannSetup.SET_ENV_ADVICE), e.getMessage());
    }

    @Test
    void explainsEverythingThatIsMissing() {
        var discovery = new AscendLibraryLocator(tmp).locate();
        assertEquals("not found: libascendcl.so, libnnopbase.so, libopapi_*.so or libopapi.so in " + tmp + " (given)", discovery.explanation());
        assertEquals(List.of(tmp), discovery.searched());
    }
}
