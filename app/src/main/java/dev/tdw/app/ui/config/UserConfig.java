package dev.tdw.app.ui.config;

import java.nio.file.Path;

/** Where the workbench keeps what it remembers between runs. */
public final class UserConfig {
    /** Tests and portable installs point this somewhere else. */
    public static final String DIR_PROPERTY = "tdw.config.dir";

    private UserConfig() {}

    public static Path directory() {
        String override = System.getProperty(DIR_PROPERTY);
        if (override != null && !override.isBlank()) return Path.of(override);
        String xdg = System.getenv("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "tdw");
        String appData = System.getenv("APPDATA");
        if (appData != null && System.getProperty("os.name", "").startsWith("Windows")) return Path.of(appData, "tdw");
        return Path.of(System.getProperty("user.home"), ".config", "tdw");
    }
}
