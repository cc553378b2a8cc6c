package dev.tdw.bridge.ascend;

import com.sun.jna.Library;
import com.sun.jna.Native;

import java.nio.file.Path;

/** The CANN test double the test build compiles into target/test-double, and its fault switch. */
final class TestDouble {
    private TestDouble() {}

    /** The directory of one layout: current (split operators), legacy (libopapi.so) or single. */
    static Path layout(String name) {
        String root = System.getProperty("tdw.test.double");
        if (root == null) throw new IllegalStateException("tdw.test.double is not set: run the tests through Maven");
        return Path.of(root, name);
    }

    /** Finds a layout through the same override property an installation would use. */
    static AscendLibraries libraries(String layout) {
        String previous = System.getProperty(AscendLibraryLocator.OVERRIDE_PROPERTY);
        System.setProperty(AscendLibraryLocator.OVERRIDE_PROPERTY, layout(layout).toString());
        try {
            return AscendLibraryLocator.fromEnvironment().locate().libraries().orElseThrow();
        } finally {
            if (previous == null) System.clearProperty(AscendLibraryLocator.OVERRIDE_PROPERTY);
            else System.setProperty(AscendLibraryLocator.OVERRIDE_PROPERTY, previous);
        }
    }

    private interface LibC extends Library {
        int setenv(String name, String value, int overwrite);

        int unsetenv(String name);
    }

    private static final LibC LIBC = Native.load("c", LibC.class);

    /**
     * Sets TDW_DOUBLE_FAULT in this process's C environment, which the double reads at every call
     * (Java's own environment map is a snapshot and would not reach it). Close to clear it.
     */
    static Fault fault(String spec) {
        LIBC.setenv("TDW_DOUBLE_FAULT", spec, 1);
        return () -> LIBC.unsetenv("TDW_DOUBLE_FAULT");
    }

    /** An injected fault, active until closed. */
    interface Fault extends AutoCloseable {
        @Override
        void close();
    }
}
