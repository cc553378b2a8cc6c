package dev.tdw.bridge.ascend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
            Runtime.getRuntime().addShutdownHook(new Thread(AclProcessState::finalizeAll, "tdw-acl-finalize"));
            hookInstalled = true;
        }
    }

    /**
     * Releases this process's hold on ACL: aclFinalizeReference where exported (it finalises only when no
     * other reference remains), otherwise aclFinalize if this process initialised ACL. Runs at JVM exit;
     * returns what failed, since nobody is left to throw to.
     */
    static synchronized List<RuntimeException> finalizeAll() {
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
