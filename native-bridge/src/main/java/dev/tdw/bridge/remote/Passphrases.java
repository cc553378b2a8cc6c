package dev.tdw.bridge.remote;

/**
 * Where the passphrase of a key file comes from when no agent holds the key: the window asks the user (once per key
 * while it runs, never written anywhere); the command line has none and says which key needs an agent.
 */
@FunctionalInterface
public interface Passphrases {
    /** The passphrase of the key file {@code key}, or null when the user gives none (the key is then not used). */
    char[] passphrase(String key);

    /** No passphrase for any key: the command line's. */
    Passphrases NONE = key -> null;
}
