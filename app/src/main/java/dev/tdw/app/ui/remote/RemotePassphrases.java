package dev.tdw.app.ui.remote;

import dev.tdw.bridge.remote.Passphrases;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

/**
 * The window's key passphrases: the connection (on a background thread) asks the user on the FX thread and waits for
 * the answer. A key the user declined is not asked about again while the window runs; a passphrase that unlocked its
 * key is kept by the connector in memory only (never written), so each key is asked for once.
 */
public final class RemotePassphrases implements Passphrases {
    /** Asks the user for the passphrase of a key file; null when declined. Called on the FX thread. */
    @FunctionalInterface
    public interface Question {
        char[] ask(String key);
    }

    private final Executor fxThread;
    private final Question question;
    private final Set<String> declined = ConcurrentHashMap.newKeySet();

    public RemotePassphrases(Executor fxThread, Question question) {
        this.fxThread = fxThread;
        this.question = question;
    }

    @Override
    public char[] passphrase(String key) {
        if (declined.contains(key)) return null;
        CompletableFuture<char[]> answer = new CompletableFuture<>();
        fxThread.execute(() -> {
            try {
                answer.complete(question.ask(key));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        char[] given;
        try {
            given = answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the connection was cancelled: no passphrase
            return null;
        } catch (ExecutionException e) {
            return null;
        }
        if (given == null) declined.add(key);
        return given;
    }
}
