package dev.tdw.bridge.capture;

/** A completion request that got no usable answer: unreachable, timed out, an error status or an unreadable body. */
public final class CompletionException extends Exception {
    public CompletionException(String message) {
        super(message);
    }

    public CompletionException(String message, Throwable cause) {
        super(message, cause);
    }
}
