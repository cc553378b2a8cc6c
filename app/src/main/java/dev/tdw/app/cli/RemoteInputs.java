package dev.tdw.app.cli;

import dev.tdw.bridge.remote.RemoteAddress;
import dev.tdw.bridge.remote.RemoteException;
import dev.tdw.bridge.remote.RemoteFolders;
import dev.tdw.bridge.remote.TransferProgress;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * The hosts one command line reaches through {@code ssh://} arguments (docs/remote.md): connected on the first such
 * argument, closed when the command ends. Only the options that read captures take an address ({@link #CONVERTER});
 * every other path option is local, and an address there is refused, so nothing is ever written on a host.
 */
final class RemoteInputs implements AutoCloseable {
    /** Makes the folders of a run: the user's settings, or a test's. */
    interface Folders {
        RemoteFolders open();
    }

    /** The user's ~/.ssh and cache. A named class, not a method reference (see {@link TdwCommand}). */
    static final class UserFolders implements Folders {
        @Override
        public RemoteFolders open() {
            return RemoteFolders.forUser();
        }
    }

    /** The inputs of the command running now (one command at a time per process, as the command line runs). */
    private static volatile RemoteInputs current;

    private final Folders factory;
    private final PrintWriter err;
    private RemoteFolders folders;

    private RemoteInputs(Folders factory, PrintWriter err) {
        this.factory = factory;
        this.err = err;
    }

    static RemoteInputs start(Folders factory, PrintWriter err) {
        RemoteInputs r = new RemoteInputs(factory, err);
        current = r;
        return r;
    }

    /** Converts the path options that read captures: a local path, or a folder or file on a host. */
    static final CommandLine.ITypeConverter<Path> CONVERTER = new InputPathConverter();

    private static final class InputPathConverter implements CommandLine.ITypeConverter<Path> {
        @Override
        public Path convert(String arg) {
            if (!RemoteAddress.isRemote(arg)) return TdwCommand.PathConverter.path(arg);
            RemoteInputs r = current;
            if (r == null) throw new CommandLine.TypeConversionException(SafeText.quoted(arg) + ": remote addresses are read by a running command only");
            Path opened = r.opened.get(arg);
            if (opened != null) return opened;
            try {
                return r.open(RemoteAddress.parse(arg));
            } catch (RemoteException e) {
                throw new CommandLine.TypeConversionException(SafeText.of(e.getMessage()));
            }
        }
    }

    private synchronized Path open(RemoteAddress address) throws RemoteException {
        if (folders == null) {
            folders = factory.open();
            folders.copyProgress(new Notes(err));
        }
        return folders.open(address);
    }

    /** Remote arguments opened before parsing, by the argument's text. */
    private final java.util.Map<String, Path> opened = new java.util.HashMap<>();

    /**
     * Connects to the hosts of every {@code ssh://} argument (also as {@code --option=ADDRESS}) before the line is
     * parsed: a host that cannot be reached is then the command's one clear failure, where picocli would report a
     * positional argument it could not convert as merely unmatched. No option is parsed here (no second grammar);
     * the parse still decides which option an address went to, and refuses it where a file is written.
     */
    void openAll(String[] args) throws RemoteException {
        String previous = "";
        for (String a : args) {
            int eq = a.startsWith("--") ? a.indexOf('=') : -1;
            String value = eq > 0 ? a.substring(eq + 1) : a;
            // --host names where a command runs (tdw device check --host), not a folder: that command opens it.
            boolean host = previous.equals(HOST_OPTION) || eq > 0 && a.substring(0, eq).equals(HOST_OPTION);
            if (RemoteAddress.isRemote(value) && !host && !opened.containsKey(value)) opened.put(value, open(RemoteAddress.parse(value)));
            previous = a;
        }
    }

    /** The option that names a host to run on rather than a folder to read. */
    static final String HOST_OPTION = "--host";

    /** The root folder of a host, on its file system: where a command run on the host ({@code --host}) starts from. */
    static Path host(RemoteAddress host) throws RemoteException {
        RemoteInputs r = current;
        if (r == null) throw new RemoteException(host + ": hosts are reached by a running command only");
        return r.open(host);
    }

    /**
     * Refuses a capture whose host's connection was lost while it was read: its unread files were listed as problems,
     * and a verdict on the rest would be a verdict on part of the capture.
     */
    static void requireConnected(Path dir) throws UnusableInputException {
        RemoteInputs r = current;
        if (r == null || r.folders == null || dir.getFileSystem() == java.nio.file.FileSystems.getDefault()) return;
        if (!r.folders.connected(dir)) {
            throw new UnusableInputException(r.folders.addressOf(dir) + ": the connection to the host was lost while the capture"
                    + " was read; nothing was compared (run the command again)");
        }
    }

    /** A transfer's notes (a lost connection, a reconnection) on stderr; byte counts are not printed. */
    private record Notes(PrintWriter err) implements TransferProgress {
        @Override
        public void transferred(String what, long done, long total, String note) {
            if (note != null && !note.equals("from the local cache")) err.println("tdw: " + SafeText.of(what) + ": " + SafeText.of(note));
        }
    }

    @Override
    public void close() {
        if (current == this) current = null;
        if (folders != null) folders.close();
    }
}
