package dev.tdw.app.ui.testing;

/**
 * One system property set for the length of a test (the user's config and cache folders pointed at the test's own
 * folder), and put back as it was, absent included, by {@link #close}.
 */
public final class SystemProperty implements AutoCloseable {
    private final String name;
    private final String before;

    private SystemProperty(String name, String before) {
        this.name = name;
        this.before = before;
    }

    public static SystemProperty set(String name, Object value) {
        SystemProperty p = new SystemProperty(name, System.getProperty(name));
        System.setProperty(name, String.valueOf(value));
        return p;
    }

    @Override
    public void close() {
        if (before == null) System.clearProperty(name);
        else System.setProperty(name, before);
    }
}
