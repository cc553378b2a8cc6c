package dev.tdw.model.msprobe;

import dev.tdw.model.input.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A data_name comes from the dump: it cannot leave dump_tensor_data, and only regular .pt or .npy files are opened. */
class DumpTensorDataTest {
    @TempDir
    Path dir;

    private Path dump() throws IOException {
        Path rank = Files.createDirectories(dir.resolve("step0/rank0"));
        Files.createDirectories(rank.resolve(DumpTensorData.FOLDER));
        Files.writeString(rank.resolve("dump.json"), "{}");
        return rank.resolve("dump.json");
    }

    @Test
    void resolvesAPlainNameBesideTheDump() throws IOException {
        Path dump = dump();
        Path file = Files.writeString(dump.resolveSibling(DumpTensorData.FOLDER).resolve("Torch.matmul.0.forward.input.0.pt"), "x");
        DumpTensorData.TensorFile f = DumpTensorData.resolve(dump, "Torch.matmul.0.forward.input.0.pt");
        assertEquals(file.toRealPath(), f.path());
        assertEquals(DumpTensorData.Format.PT, f.format());
        Files.writeString(file.resolveSibling("a.npy"), "x");
        assertEquals(DumpTensorData.Format.NPY, DumpTensorData.resolve(dump, "a.npy").format());
    }

    @Test
    void refusesNamesThatLeaveTheFolderOrAreNotTensorFiles() throws IOException {
        Path dump = dump();
        Files.writeString(dir.resolve("step0/secret.pt"), "x");
        assertRefused(dump, "../../secret.pt", "not a plain file name");
        assertRefused(dump, "sub/x.pt", "not a plain file name");
        assertRefused(dump, "..", "not a plain file name");
        assertRefused(dump, "a\\b.pt", "not a plain file name");
        assertRefused(dump, "x\u0007.pt", "control character");
        assertRefused(dump, "", "is empty");
        assertRefused(dump, "x".repeat(300) + ".pt", "longer than 255");
        assertRefused(dump, "x.pkl", "neither a .pt nor a .npy");
        assertRefused(dump, "missing.pt", "file not found");
    }

    @Test
    void refusesLinksOutOfTheFolderAndWhatIsNotARegularFile() throws IOException {
        Path dump = dump();
        Path data = dump.resolveSibling(DumpTensorData.FOLDER);
        Path outside = Files.writeString(dir.resolve("outside.pt"), "x");
        Files.createSymbolicLink(data.resolve("link.pt"), outside);
        assertRefused(dump, "link.pt", "leads outside dump_tensor_data");
        Files.createDirectory(data.resolve("folder.pt"));
        assertRefused(dump, "folder.pt", "not a regular file (a directory)");
        // A link inside the folder to a file inside it is the file itself.
        Path real = Files.writeString(data.resolve("real.pt"), "x");
        Files.createSymbolicLink(data.resolve("alias.pt"), real);
        assertEquals(real.toRealPath(), DumpTensorData.resolve(dump, "alias.pt").path());
    }

    @Test
    void refusesADumpWithoutItsTensorFolder() throws IOException {
        Path rank = Files.createDirectories(dir.resolve("rank1"));
        Path dump = Files.writeString(rank.resolve("dump.json"), "{}");
        assertRefused(dump, "x.pt", "has no dump_tensor_data folder");
    }

    private static void assertRefused(Path dump, String name, String expected) {
        InputException e = assertThrows(InputException.class, () -> DumpTensorData.resolve(dump, name));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().contains(dump.getParent().toString()), e.getMessage());
        assertTrue(e.getMessage().chars().noneMatch(c -> c < 0x20), e.getMessage());
    }
}
