package dev.tdw.scale;

import dev.tdw.model.text.SafeText;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.apache.spark.util.SerializableConfiguration;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * A capture root given as a Hadoop file system URI, as the model reads it. On the local file system ({@code file:} or
 * a plain path) it is a path of this machine, mapped as the command line maps it; on any other Hadoop file system
 * ({@code hdfs:}, {@code s3a:}, ...) it is a path of a {@link HadoopNioFileSystem}, read through Hadoop's client on the
 * driver and on every executor, payloads by the byte ranges a task compares. Sent to the tasks with the driver's Hadoop
 * settings, so an executor opens the file system as the driver did.
 *
 * @param given  the URI as the user gave it: every path the output names starts with it, as the command line prints
 *               paths as given
 * @param where      where the model reads the root: a local path, or the text of a {@link HadoopPath}
 * @param fileSystem the URI of the Hadoop file system the root is on; null for a local root
 * @param hadoop     the Hadoop settings that file system is opened with; null for a local root
 */
record Root(String given, String where, String fileSystem, SerializableConfiguration hadoop) implements Serializable {
    /** The root of {@code uri}, opened with the job's Hadoop settings. */
    static Root of(String uri, Configuration conf) throws IOException {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(uri);
        FileSystem fs;
        try {
            fs = p.getFileSystem(conf);
        } catch (UnsupportedFileSystemException e) {
            throw noClient(uri, p, e);
        } catch (RuntimeException e) {
            // A scheme Hadoop knows (s3a:) whose client's classes are missing.
            if (!(e.getCause() instanceof ClassNotFoundException)) throw e;
            throw noClient(uri, p, e);
        } catch (IOException e) {
            throw new IOException(uri + ": its file system cannot be opened (" + SafeText.of(e.getMessage()) + ")", e);
        }
        if (fs instanceof LocalFileSystem local) {
            return new Root(uri, local.pathToFile(p).toPath().toAbsolutePath().normalize().toString(), null, null);
        }
        HadoopNioFileSystem nio = HadoopNioFileSystem.of(fs.getUri(), conf);
        String root = nio.getPath(fs.makeQualified(p).toUri().getPath()).normalize().toString();
        return new Root(uri, root, fs.getUri().toString(), new SerializableConfiguration(conf));
    }

    private static IOException noClient(String uri, org.apache.hadoop.fs.Path p, Exception e) {
        return new IOException(uri + ": no Hadoop client for " + p.toUri().getScheme()
                + ": on the classpath (s3a: needs hadoop-aws and the AWS SDK beside the job, docs/scale.md)", e);
    }

    /** Where the model reads the root. */
    Path path() {
        return file(where);
    }

    /** A file under this root by the text of its path ({@link Path#toString}), as a task receives it. */
    Path file(String text) {
        if (hadoop == null) return Path.of(text);
        try {
            return HadoopNioFileSystem.of(URI.create(fileSystem), hadoop.value()).path(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

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
