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

    @Test
    void searchesAscendHomeThenLdLibraryPathThenTheDefaultToolkit() {
        var locator = AscendLibraryLocator.forSettings(null, Map.of("ASCEND_HOME_PATH", "/opt/cann", "LD_LIBRARY_PATH", "/a::/b"));
        assertEquals(List.of(Path.of("/opt/cann/lib64"), Path.of("/a"), Path.of("/b"), Path.of(AscendLibraryLocator.DEFAULT_TOOLKIT),
                Path.of("/usr/local/Ascend/cann/lib64")), locator.directories());
        assertEquals(List.of(Path.of(AscendLibraryLocator.DEFAULT_TOOLKIT), Path.of(AscendLibraryLocator.DEFAULT_CANN)),
                AscendLibraryLocator.forSettings(" ", Map.of()).directories());
    }

    @Test
    void theOverrideIsTheOnlyDirectorySearched() {
        var locator = AscendLibraryLocator.forSettings("/tmp/cann", Map.of("ASCEND_HOME_PATH", "/opt/cann"));
        assertEquals(List.of(Path.of("/tmp/cann")), locator.directories());
    }

    @Test
    void theTestDoubleIsNeverFoundWithoutTheOverride() {
        Path doubles = Path.of(System.getProperty("tdw.test.double"));
        var discovery = AscendLibraryLocator.forSettings(null, System.getenv()).locate();
        assertTrue(discovery.searched().stream().noneMatch(d -> d.toAbsolutePath().startsWith(doubles.toAbsolutePath())));
        discovery.libraries().ifPresent(found -> assertTrue(found.all().stream().noneMatch(p -> p.toAbsolutePath().startsWith(doubles.toAbsolutePath()))));
    }

    @Test
    void anOldLibopapiBesideTheSplitIsNotLoaded() throws IOException {
        Path d = dir("cann", "libascendcl.so", "libnnopbase.so", "libopapi_math.so", "libopapi_nn.so", "libopapi.so");
        var found = new AscendLibraryLocator(List.of(d)).locate().libraries().orElseThrow();
        assertEquals(List.of(d.resolve("libopapi_math.so"), d.resolve("libopapi_nn.so")), found.operatorLibraries());
    }

    @Test
    void foundThroughTheEnvironmentCannNeedsAscendOppPath() throws IOException {
        Path d = dir("env", "libascendcl.so", "libnnopbase.so", "libopapi.so");
        var without = AscendLibraryLocator.forSettings(null, Map.of("LD_LIBRARY_PATH", d.toString())).locate();
        assertFalse(without.found());
        assertEquals("found " + List.of(d.resolve("libascendcl.so"), d.resolve("libnnopbase.so"), d.resolve("libopapi.so"))
                + ", but ASCEND_OPP_PATH is not set, and aclnn operators fail without it: run `source <CANN install>/set_env.sh`"
                + " (e.g. /usr/local/Ascend/ascend-toolkit/set_env.sh) before starting tdw", without.explanation());
        var notADirectory = AscendLibraryLocator.forSettings(null, Map.of("LD_LIBRARY_PATH", d.toString(),
                "ASCEND_OPP_PATH", tmp.resolve("nowhere").toString())).locate();
        assertTrue(notADirectory.explanation().contains("ASCEND_OPP_PATH " + tmp.resolve("nowhere") + " is not a directory"),
                notADirectory.explanation());
        var with = AscendLibraryLocator.forSettings(null, Map.of("LD_LIBRARY_PATH", d.toString(), "ASCEND_OPP_PATH", tmp.toString())).locate();
        assertTrue(with.found(), with.explanation());
    }

    @Test
    void aLibraryWhoseDependencyDoesNotLoadTellsTheUserToSourceSetEnv() {
        Path current = TestDouble.layout("current");
        var libraries = new AscendLibraries(TestDouble.layout("broken").resolve("libascendcl.so"), current.resolve("libnnopbase.so"),
                List.of(current.resolve("libopapi_math.so")));
        var e = assertThrows(dev.tdw.bridge.device.DeviceException.class, () -> NativeSymbols.load(libraries));
        assertTrue(e.getMessage().contains("libtdw_double_gone.so"), e.getMessage());
        assertTrue(e.getMessage().endsWith("a library it depends on was not found: run `source <CANN install>/set_env.sh`"
                + " (e.g. /usr/local/Ascend/ascend-toolkit/set_env.sh) before starting tdw"), e.getMessage());
    }

    @Test
    void theSplitIncludesTheTransformerOperatorsWhenInstalled() throws IOException {
        Path d = dir("split", "libascendcl.so", "libnnopbase.so", "libopapi_math.so", "libopapi_nn.so", "libopapi_transformer.so");
        var found = new AscendLibraryLocator(List.of(d)).locate().libraries().orElseThrow();
        assertEquals(List.of(d.resolve("libopapi_math.so"), d.resolve("libopapi_nn.so"), d.resolve("libopapi_transformer.so")),
                found.operatorLibraries());
    }

    @Test
    void takesEachLibraryFromTheFirstDirectoryThatHasIt() throws IOException {
        Path toolkit = dir("toolkit", "libascendcl.so", "libnnopbase.so");
        Path ops = dir("ops", "libopapi.so", "libascendcl.so");
        var found = new AscendLibraryLocator(List.of(toolkit, ops)).locate().libraries().orElseThrow();
        assertEquals(toolkit.resolve("libascendcl.so"), found.runtime());
        assertEquals(List.of(ops.resolve("libopapi.so")), found.operatorLibraries());
    }

    @Test
    void halfASplitIsNotEnough() throws IOException {
        Path d = dir("partial", "libascendcl.so", "libnnopbase.so", "libopapi_math.so");
        var discovery = new AscendLibraryLocator(List.of(d)).locate();
        assertFalse(discovery.found());
        assertEquals("not found: libopapi_math.so + libopapi_nn.so or libopapi.so in [" + d + "]", discovery.explanation());
    }

    @Test
    void explainsEverythingThatIsMissing() {
        var discovery = new AscendLibraryLocator(List.of(tmp)).locate();
        assertTrue(discovery.explanation().startsWith("not found: libascendcl.so, libnnopbase.so, libopapi_math.so"), discovery.explanation());
        assertEquals(List.of(tmp), discovery.searched());
    }
}
