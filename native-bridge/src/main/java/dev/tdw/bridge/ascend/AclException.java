package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.DeviceException;

import java.util.OptionalInt;

/**
 * A CANN call failed: a nonzero aclError/aclnnStatus, or a null handle from a create function (which has
 * no status). Carries the function name and what {@code aclGetRecentErrMsg()} said right after the call.
 */
public final class AclException extends DeviceException {
    private final String function;
    private final OptionalInt status;
    private final String recentMessage;

    AclException(String function, OptionalInt status, String recentMessage) {
        super(function + (status.isPresent() ? " failed with status " + status.getAsInt() : " returned null")
                + (recentMessage.isEmpty() ? "" : ": " + recentMessage));
        this.function = function;
        this.status = status;
        this.recentMessage = recentMessage;
    }

    public String function() { return function; }

    /** The aclError/aclnnStatus; empty when the function returned a null handle instead. */
    public OptionalInt status() { return status; }

    /** {@code aclGetRecentErrMsg()} right after the failure; empty when it had nothing. */
    public String recentMessage() { return recentMessage; }
}
