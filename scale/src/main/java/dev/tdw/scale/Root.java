package dev.tdw.scale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;

/**
 * A capture root given as a Hadoop file system URI, as the model reads it: a path of this machine. The model maps
 * payloads and reads only the pages it touches, so a task reads the byte ranges of its own pair, never the whole set.
 *
 * @param given the URI as the user gave it: every path the output names starts with it, as the command line prints
 *              paths as given
 * @param local where the model reads the root
 */
record Root(String given, String local) implements Serializable {
    /**
     * The root of {@code uri}. The model reads through {@code java.nio}, so the URI must be on a file system every
     * executor mounts (the local one, or NFS, or an object store mounted by FUSE); any other is refused, naming it.
     */
    static Root of(String uri, Configuration conf) throws IOException {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(uri);
        FileSystem fs = p.getFileSystem(conf);
        if (!(fs instanceof LocalFileSystem local)) {
            throw new IOException(uri + ": the job reads captures on a file system mounted on every executor (file:);"
                    + " " + fs.getUri().getScheme() + ": is not (mount it, or copy the capture set to a shared mount)");
        }
        return new Root(uri, local.pathToFile(p).toPath().toAbsolutePath().normalize().toString());
    }

    Path path() { return Path.of(local); }

    /** A path under this root, written as the user would see it had they run tdw on the root as given. */
    String show(Path p) {
        Path root = path();
        Path abs = p.toAbsolutePath().normalize();
        if (!abs.startsWith(root)) return p.toString();
        String rel = root.relativize(abs).toString();
        if (rel.isEmpty()) return given;
        return given.endsWith("/") ? given + rel : given + "/" + rel;
    }
}
