package dev.tdw.app.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Reads the version Maven filtered into {@code version.properties}. */
public final class Version implements CommandLine.IVersionProvider {
    public static String get() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/dev/tdw/app/version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException ignored) {
            // fall through to "unknown": a version line must never stop the tool
        }
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"tdw " + get(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }
}
