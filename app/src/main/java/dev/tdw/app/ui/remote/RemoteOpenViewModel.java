package dev.tdw.app.ui.remote;

import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.bridge.remote.HostKeyException;
import dev.tdw.bridge.remote.HostKeys;
import dev.tdw.bridge.remote.RemoteAddress;
import dev.tdw.bridge.remote.RemoteFolders;
import dev.tdw.model.text.SafeText;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * File > Open Remote…: connects to the hosts of one or two {@code ssh://} addresses off the FX thread (the task
 * runner shows it, with Cancel), asks the user about a host key {@code known_hosts} does not list (and records it only
 * when accepted), and hands the opened folders to the window, which loads them as local ones. A changed key is refused,
 * never asked about. The addresses opened go to the recent list.
 */
public final class RemoteOpenViewModel {
    /** Asks the user whether to trust an unknown host key; true records it in known_hosts. Called on the FX thread. */
    @FunctionalInterface
    public interface HostKeyQuestion {
        boolean trust(String host, int port, String fingerprint);
    }

    /** Receives the opened folders: the right one is null when only one address was given. */
    @FunctionalInterface
    public interface Opened {
        void open(Path left, Path right);
    }

    private final TaskRunner tasks;
    private final Supplier<RemoteFolders> factory;
    private final RecentHosts recentStore;
    private final ObservableList<String> recent = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    /** Why the last attempt did not open (a refused key, no answer, not a folder); empty while none failed. */
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper("");
    private RemoteFolders folders;

    public RemoteOpenViewModel(TaskRunner tasks, Supplier<RemoteFolders> factory, RecentHosts recentStore) {
        this.tasks = tasks;
        this.factory = factory;
        this.recentStore = recentStore;
    }

    public ObservableList<String> recent() { return recent; }

    /** What the last attempt came to, in words (empty until one ends). */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    public ReadOnlyStringProperty failureProperty() { return failure.getReadOnlyProperty(); }

    public void loadRecent() {
        tasks.run("Reading recent remote captures", p -> recentStore.load(), recent::setAll, e -> { });
    }

    /**
     * Connects and checks that each address names a folder on its host; then {@code opened} gets them. {@code right}
     * may be blank (one side only). Bad addresses are said in {@link #statusProperty()} before anything connects.
     */
    public void open(String left, String right, HostKeyQuestion question, Opened opened) {
        List<RemoteAddress> addresses = new ArrayList<>();
        try {
            addresses.add(RemoteAddress.parse(left.strip()));
            if (right != null && !right.isBlank()) addresses.add(RemoteAddress.parse(right.strip()));
        } catch (java.io.IOException e) {
            fail(SafeText.of(e.getMessage()));
            return;
        }
        failure.set("");
        status.set("Connecting to " + SafeText.of(addresses.get(0).hostText()) + " …");
        tasks.run("Connecting to " + addresses.get(0).hostText(), p -> {
            List<Path> paths = new ArrayList<>();
            for (RemoteAddress a : addresses) {
                if (p.cancelled()) throw new java.util.concurrent.CancellationException("connecting was cancelled");
                Path path = folders().open(a);
                if (!Files.isDirectory(path)) throw new java.io.IOException(a + ": not a folder on the host (missing, or a file)");
                paths.add(path);
            }
            List<String> texts = addresses.stream().map(RemoteAddress::toString).toList();
            return new Result(paths, recentStore.remember(texts));
        }, r -> {
            recent.setAll(r.recent());
            status.set("Opened " + SafeText.of(addresses.get(0)) + (addresses.size() > 1 ? " and " + SafeText.of(addresses.get(1)) : ""));
            opened.open(r.paths().get(0), r.paths().size() > 1 ? r.paths().get(1) : null);
        }, e -> {
            if (e instanceof HostKeyException k && k.refused().refusal() == HostKeys.Refusal.UNKNOWN
                    && question.trust(k.host(), k.port(), k.refused().fingerprint())) {
                tasks.run("Recording the host key", p -> {
                    HostKeys.trust(folders().connector().settings().knownHosts(), k.host(), k.port(), k.refused().key());
                    return Boolean.TRUE;
                }, ok -> open(left, right, question, opened), f -> fail("could not record the host key: " + SafeText.of(f.getMessage())));
                return;
            }
            fail(e instanceof java.util.concurrent.CancellationException ? "cancelled" : SafeText.of(e.getMessage()));
        });
    }

    private void fail(String why) {
        status.set("Not opened: " + why);
        failure.set(why);
    }

    private record Result(List<Path> paths, List<String> recent) {}

    private synchronized RemoteFolders folders() {
        if (folders == null) folders = factory.get();
        return folders;
    }

    /** Closes the sessions; the window calls this when it ends. */
    public synchronized void close() {
        if (folders != null) folders.close();
        folders = null;
    }
}
