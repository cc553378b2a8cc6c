package dev.tdw.bridge.ascend;

import java.util.HashMap;
import java.util.Map;

/**
 * aclInit may run once per process until aclFinalize, but several runtimes can be open at once: count
 * the open runtimes per runtime library, initialize on the first and finalize after the last.
 */
final class AclProcessState {
    private static final Map<String, Integer> OPEN = new HashMap<>();

    private AclProcessState() {}

    static synchronized void acquire(String runtimeLibrary, Acl acl) {
        int open = OPEN.getOrDefault(runtimeLibrary, 0);
        if (open == 0) acl.init();
        OPEN.put(runtimeLibrary, open + 1);
    }

    static synchronized void release(String runtimeLibrary, Acl acl) {
        int open = OPEN.getOrDefault(runtimeLibrary, 0);
        if (open <= 0) throw new IllegalStateException("ACL released more often than acquired for " + runtimeLibrary);
        if (open == 1) {
            OPEN.remove(runtimeLibrary);
            acl.finish();
        } else {
            OPEN.put(runtimeLibrary, open - 1);
        }
    }
}
