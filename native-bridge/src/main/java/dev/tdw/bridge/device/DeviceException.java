package dev.tdw.bridge.device;

/** A runtime could not load, set up or run an operator. */
public class DeviceException extends RuntimeException {
    public DeviceException(String message) { super(message); }

    public DeviceException(String message, Throwable cause) { super(message, cause); }
}
