package dev.tdw.scale;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A path of a {@link HadoopNioFileSystem}: slash-separated names, absolute when it starts with a slash. It prints as
 * the Hadoop URI it names ({@code hdfs://namenode:8020/captures/run1/cmpl-rank0.json}), so every message of the model
 * names the file as the user gave it.
 */
final class HadoopPath implements Path {
    private final HadoopNioFileSystem fs;
    private final boolean absolute;
    private final List<String> names;

    HadoopPath(HadoopNioFileSystem fs, String path) {
        this(fs, path.startsWith("/"), Arrays.stream(path.split("/")).filter(n -> !n.isEmpty()).toList());
    }

    private HadoopPath(HadoopNioFileSystem fs, boolean absolute, List<String> names) {
        this.fs = fs;
        this.absolute = absolute;
        this.names = List.copyOf(names);
    }

    /** The path part, slash-separated, as Hadoop's {@code Path} takes it. */
    String pathPart() {
        return (absolute ? "/" : "") + String.join("/", names);
    }

    /** This (absolute) path as a path of its Hadoop file system. */
    org.apache.hadoop.fs.Path hadoop() {
        return new org.apache.hadoop.fs.Path(toUri());
    }

    @Override
    public HadoopNioFileSystem getFileSystem() {
        return fs;
    }

    @Override
    public boolean isAbsolute() {
        return absolute;
    }

    @Override
    public Path getRoot() {
        return absolute ? new HadoopPath(fs, true, List.of()) : null;
    }

    @Override
    public Path getFileName() {
        return names.isEmpty() ? null : new HadoopPath(fs, false, List.of(names.get(names.size() - 1)));
    }

    @Override
    public Path getParent() {
        if (names.isEmpty() || (!absolute && names.size() == 1)) return null;
        return new HadoopPath(fs, absolute, names.subList(0, names.size() - 1));
    }

    @Override
    public int getNameCount() {
        return names.size();
    }

    @Override
    public Path getName(int index) {
        return new HadoopPath(fs, false, List.of(names.get(index)));
    }

    @Override
    public Path subpath(int beginIndex, int endIndex) {
        return new HadoopPath(fs, false, names.subList(beginIndex, endIndex));
    }

    @Override
    public boolean startsWith(Path other) {
        if (!(other instanceof HadoopPath o) || o.fs != fs) return false;
        return o.absolute == absolute && o.names.size() <= names.size() && names.subList(0, o.names.size()).equals(o.names);
    }

    @Override
    public boolean endsWith(Path other) {
        if (!(other instanceof HadoopPath o) || o.fs != fs) return false;
        if (o.absolute) return equals(o);
        return o.names.size() <= names.size() && names.subList(names.size() - o.names.size(), names.size()).equals(o.names);
    }

    @Override
    public Path normalize() {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (n.equals(".")) continue;
            if (n.equals("..") && !out.isEmpty() && !out.get(out.size() - 1).equals("..")) out.remove(out.size() - 1);
            else if (!(n.equals("..") && absolute)) out.add(n);
        }
        return new HadoopPath(fs, absolute, out);
    }

    @Override
    public Path resolve(Path other) {
        HadoopPath o = of(other);
        if (o.absolute) return o;
        List<String> joined = new ArrayList<>(names);
        joined.addAll(o.names);
        return new HadoopPath(fs, absolute, joined);
    }

    @Override
    public Path relativize(Path other) {
        HadoopPath o = of(other);
        if (o.absolute != absolute) throw new IllegalArgumentException("one path is absolute, the other not: " + this + ", " + other);
        int common = 0;
        while (common < names.size() && common < o.names.size() && names.get(common).equals(o.names.get(common))) common++;
        List<String> out = new ArrayList<>();
        for (int i = common; i < names.size(); i++) out.add("..");
        out.addAll(o.names.subList(common, o.names.size()));
        return new HadoopPath(fs, false, out);
    }

    @Override
    public URI toUri() {
        try {
            return new URI(fs.scheme(), fs.authority(), ((HadoopPath) toAbsolutePath()).pathPart(), null, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(this + ": not a valid URI (" + e.getReason() + ")", e);
        }
    }

    @Override
    public Path toAbsolutePath() {
        return absolute ? this : new HadoopPath(fs, true, names);
    }

    /** The absolute, normalized path, which must exist (links are not followed: Hadoop's file systems have none in use). */
    @Override
    public Path toRealPath(LinkOption... options) throws IOException {
        HadoopPath real = (HadoopPath) toAbsolutePath().normalize();
        if (!fs.exists(real)) throw new NoSuchFileException(toString());
        return real;
    }

    @Override
    public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("a Hadoop file system cannot be watched");
    }

    @Override
    public int compareTo(Path other) {
        return toString().compareTo(other.toString());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HadoopPath p && p.fs == fs && p.absolute == absolute && p.names.equals(names);
    }

    @Override
    public int hashCode() {
        return names.hashCode() * 31 + (absolute ? 1 : 0);
    }

    @Override
    public String toString() {
        return absolute ? fs.base() + pathPart() : pathPart();
    }

    private HadoopPath of(Path other) {
        if (!(other instanceof HadoopPath p) || p.fs != fs) throw new ProviderMismatchException(String.valueOf(other));
        return p;
    }
}
