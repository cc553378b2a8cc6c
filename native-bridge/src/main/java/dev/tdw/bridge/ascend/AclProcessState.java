package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.Role;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * ACL is initialised once per process and finalised once, at JVM exit: acl_rt.h allows aclInit only once
 * per process and no service after aclFinalize, so closing the last runtime must not finalise it (a later
 * runtime could not start again). A status 100002 from aclInit means another component of the process
 * initialised ACL first; that call still counted a reference (acl.cpp), which is dropped with
 * aclFinalizeReference at exit where the library exports it. Kept per runtime library path, since tests
 * load several copies of the CANN test double.
 */
final class AclProcessState {
    /** How this process came to hold ACL for one runtime library. */
    private record Held(Acl acl, boolean initialisedHere) {}

    private static final Map<String, Held> HELD = new HashMap<>();
    /** Runtimes opened and not closed yet; the exit hook closes them before it finalises. */
    private static final Set<AscendRuntime> OPEN = ConcurrentHashMap.newKeySet();
    /** How long the exit hook waits for calls in flight on the device threads. */
    static final Duration EXIT_WAIT = Duration.ofSeconds(10);
    private static boolean finalized;
    private static boolean hookInstalled;

    private AclProcessState() {}

    /** Initialises ACL for {@code runtimeLibrary} unless this process already did. */
    static synchronized void ensureInitialised(String runtimeLibrary, Acl acl) {
        if (finalized) {
            throw new IllegalStateException("ACL was finalised at JVM exit; no Ascend runtime can open any more");
        }
        if (HELD.containsKey(runtimeLibrary)) return;
        boolean initialisedHere = acl.init();
        HELD.put(runtimeLibrary, new Held(acl, initialisedHere));
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> finalizeAll(EXIT_WAIT).forEach(
                    e -> System.err.println("tdw: at exit: " + e.getMessage())), "tdw-acl-finalize"));
            hookInstalled = true;
        }
    }

    static void opened(AscendRuntime runtime) { OPEN.add(runtime); }

    static void closed(AscendRuntime runtime) { OPEN.remove(runtime); }

    /**
     * Releases this process's hold on ACL, at JVM exit. First every open runtime is closed: its device thread
     * finishes the call in flight (waiting at most {@code wait} in all), then destroys its streams and resets its
     * device, since finalising ACL under a running call would pull the runtime from under it. If a call is still
     * running after {@code wait}, ACL is left initialised (the process is ending; the driver reclaims it) and that
     * is reported. Then aclFinalizeReference where exported (it finalises only when no other reference remains),
     * otherwise aclFinalize if this process initialised ACL. Returns what failed, since nobody is left to throw to.
     */
    static List<RuntimeException> finalizeAll(Duration wait) {
        var failures = new ArrayList<RuntimeException>();
        long deadline = System.nanoTime() + wait.toNanos();
        boolean callStillRunning = false;
        for (AscendRuntime runtime : List.copyOf(OPEN)) {
            try {
                Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
                if (!runtime.closeWithin(left)) {
                    callStillRunning = true;
                    failures.add(new IllegalStateException("a call on " + runtime.describe(Role.CANDIDATE)
                            + " was still running after " + wait.toMillis() + " ms; ACL was left initialised"));
                }
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        if (!callStillRunning) failures.addAll(finalizeHeld());
        return failures;
    }

    private static synchronized List<RuntimeException> finalizeHeld() {
        var failures = new ArrayList<RuntimeException>();
        for (Held held : HELD.values()) {
            try {
                if (held.acl().exports("aclFinalizeReference")) held.acl().finalizeReference();
                else if (held.initialisedHere()) held.acl().finish();
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        HELD.clear();
        finalized = true;
        return failures;
    }
}
