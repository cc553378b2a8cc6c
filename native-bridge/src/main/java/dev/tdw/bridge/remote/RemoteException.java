package dev.tdw.bridge.remote;

import java.io.IOException;

/** A remote folder could not be reached or read; the message says which host or file and why, in words. */
public class RemoteException extends IOException {
    public RemoteException(String message) {
        super(message);
    }

    public RemoteException(String message, Throwable cause) {
        super(message, cause);
    }
}
