package dev.tdw.model.msprobe;

import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.input.InputException;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.text.SafeText;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The tensor files of a tensor-mode msprobe dump: {@code dump_tensor_data/{data_name}} beside the {@code dump.json}
 * that names them. msprobe's {@code dump_data_dir} field holds the writing machine's absolute path and is not used.
 * A {@code data_name} comes from the dump, so it is hostile: it must be a plain file name (no folder, no {@code ..}, no
 * control character, at most {@link #MAX_NAME} characters), the file's real path (links resolved) must lie directly in
 * the real {@code dump_tensor_data} folder, and it must be a regular file.
 */
public final class DumpTensorData {
    public static final String FOLDER = "dump_tensor_data";
    /** Longest {@code data_name} accepted: a file name on common file systems. */
    public static final int MAX_NAME = 255;

    /** The tensor file formats msprobe writes: PyTorch's {@code torch.save} and NumPy's {@code .npy} (MindSpore). */
    public enum Format {
        PT(".pt"), NPY(".npy");

        private final String suffix;

        Format(String suffix) { this.suffix = suffix; }

        public String suffix() { return suffix; }
    }

    /** A resolved tensor file: its real path and format. */
    public record TensorFile(Path path, Format format) {}

    private DumpTensorData() {}

    /** The tensor file of {@code dataName} for the dump at {@code dumpJson}; every refusal names the dump and the cause. */
    public static TensorFile resolve(Path dumpJson, String dataName) throws InputException {
        Format format = format(dumpJson, dataName);
        Path parent = dumpJson.toAbsolutePath().getParent();
        if (parent == null) throw new CaptureFormatException(dumpJson, "has no folder for " + FOLDER);
        Path folder = parent.resolve(FOLDER);
        if (!Files.isDirectory(folder)) {
            throw new CaptureFormatException(dumpJson, "names tensor file '" + SafeText.of(dataName) + "' but has no "
                    + FOLDER + " folder beside it");
        }
        Path realFolder = RegularFiles.realPath(folder);
        Path file = folder.resolve(dataName);
        Path real = RegularFiles.realPath(file);
        if (!realFolder.equals(real.getParent())) {
            throw new CaptureFormatException(file, "leads outside " + FOLDER + " (to " + SafeText.of(real) + "); refused");
        }
        RegularFiles.regular(file, real);
        return new TensorFile(real, format);
    }

    /** The format of a {@code data_name} that is a plain file name, else a refusal. */
    private static Format format(Path dumpJson, String dataName) throws CaptureFormatException {
        String why = null;
        if (dataName.isEmpty() || dataName.length() > MAX_NAME) why = "is empty or longer than " + MAX_NAME + " characters";
        else if (dataName.equals(".") || dataName.equals("..") || dataName.indexOf('/') >= 0 || dataName.indexOf('\\') >= 0) {
            why = "is not a plain file name (a data_name cannot leave " + FOLDER + ")";
        } else if (dataName.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) why = "holds a control character";
        if (why != null) throw new CaptureFormatException(dumpJson, "data_name '" + SafeText.of(dataName) + "' " + why);
        for (Format f : Format.values()) if (dataName.endsWith(f.suffix())) return f;
        throw new CaptureFormatException(dumpJson, "data_name '" + SafeText.of(dataName)
                + "' is neither a .pt nor a .npy file (the tensor formats msprobe writes)");
    }
}
