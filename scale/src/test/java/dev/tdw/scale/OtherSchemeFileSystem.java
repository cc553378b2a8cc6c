package dev.tdw.scale;

import org.apache.hadoop.fs.RawLocalFileSystem;

import java.net.URI;

/**
 * This machine's files as a Hadoop file system of another scheme ({@code tdwtest:///abs/path}), so that the job takes
 * them for a remote file system's (HDFS, S3A) and reads them through Hadoop's client, as it would on a cluster. Hadoop
 * counts the bytes read under the scheme ({@code FileSystem.getStatistics}).
 */
public class OtherSchemeFileSystem extends RawLocalFileSystem {
    static final String SCHEME = "tdwtest";

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }
}
