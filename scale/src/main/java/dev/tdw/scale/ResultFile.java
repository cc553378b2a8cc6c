package dev.tdw.scale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The job's result, written once: to a hidden partial name beside it, then renamed to its name. A job that fails or is
 * stopped leaves no file of that name (at most a {@code .partial} one a later job removes), so a result that exists is
 * complete. An existing result is never replaced: the job refuses to start.
 */
final class ResultFile {
    private final FileSystem fs;
    private final Path target;
    private final Path partial;

    private ResultFile(FileSystem fs, Path target, Path partial) {
        this.fs = fs;
        this.target = target;
        this.partial = partial;
    }

    /** Checks {@code uri} before anything is compared: it must not exist, and its folder must. */
    static ResultFile create(String uri, Configuration conf) throws IOException {
        Path target = new Path(uri);
        FileSystem fs = target.getFileSystem(conf);
        // No checksum file beside the result (the local file system would write a hidden .crc next to it).
        fs.setWriteChecksum(false);
        if (fs.exists(target)) throw new IOException(uri + ": exists already; the job writes its result once, to a new name");
        Path parent = target.getParent();
        if (parent == null || !fs.getFileStatus(parent).isDirectory()) {
            throw new IOException(uri + ": its folder does not exist");
        }
        return new ResultFile(fs, target, new Path(parent, "." + target.getName() + ".partial"));
    }

    /** Writes the whole result under the partial name, then gives it its name. */
    void write(String json) throws IOException {
        try (FSDataOutputStream out = fs.create(partial, true)) {
            out.write(json.getBytes(StandardCharsets.UTF_8));
            out.hsync();
        }
        if (!fs.rename(partial, target)) {
            throw new IOException(target + ": cannot rename " + partial.getName() + " to it (does it exist now?)");
        }
    }

    /** Removes what a job that did not finish wrote (nothing, once the result has its name). */
    void discard() {
        try {
            fs.delete(partial, false);
        } catch (IOException e) {
            // The partial file keeps its name that no reader takes for a result; nothing more to do.
        }
    }
}
