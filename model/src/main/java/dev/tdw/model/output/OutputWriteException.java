package dev.tdw.model.output;

import dev.tdw.model.input.RegularFiles;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A write that failed (a full disk, no inodes left, no permission, out of memory): nothing of it was published. The
 * message names the file or folder the user asked for, never a temporary one, and says the cause in plain words
 * ({@link #cause(Throwable)}, the one place that words them). The command line exits 4 on it; a refusal of the place
 * itself ({@link OutputFolderException}) is unusable input instead.
 */
public final class OutputWriteException extends IOException {
    private final transient Path target;
    private final String plainCause;

    /** @param what what could not be done to {@code target}: {@code cannot write}, {@code cannot create} */
    public OutputWriteException(Path target, String what, Throwable cause) {
        this(target, what, cause(cause), cause);
    }

    private OutputWriteException(Path target, String what, String plainCause, Throwable cause) {
        super(target + ": " + what + " (" + plainCause + ")", cause);
        this.target = target;
        this.plainCause = plainCause;
    }

    /** {@code e} as a failed write of {@code target}; one that already is stays as it is (it names its own file). */
    public static OutputWriteException of(Path target, IOException e) {
        return e instanceof OutputWriteException w ? w : new OutputWriteException(target, "cannot write", e);
    }

    public Path target() { return target; }

    /** The cause in plain words: {@code no space left on device}, {@code permission denied}, {@code out of memory}. */
    public String plainCause() { return plainCause; }

    /**
     * A failure's cause in plain words, without a Java class name or the name of a temporary file: the readers' wording
     * ({@link RegularFiles#reason}: {@code permission denied}, the operating system's reason such as {@code no space
     * left on device} or {@code read-only file system}) for what they share, and a write's own for the rest.
     */
    public static String cause(Throwable e) {
        if (e instanceof OutputWriteException w) return w.plainCause();
        if (e instanceof OutOfMemoryError) return "out of memory; raise the Java heap with TDW_JAVA_OPTS=-Xmx...";
        if (e instanceof NoSuchFileException) return "a folder on the path is missing";
        if (e instanceof DirectoryNotEmptyException) return "the folder is not empty";
        if (e instanceof FileAlreadyExistsException) return "a file of that name is in the way";
        // A FileSystemException's message repeats the file names (a temporary one among them): the readers' wording
        // takes its reason alone.
        if (e instanceof FileSystemException f) return RegularFiles.reason(f);
        // A failed write or force of a channel says only the operating system's reason ("No space left on device").
        String m = e.getMessage();
        return m == null || m.isBlank() ? "input/output error" : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }
}
