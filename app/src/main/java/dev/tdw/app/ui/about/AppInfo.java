package dev.tdw.app.ui.about;

import java.util.LinkedHashMap;
import java.util.Map;

/** Name and versions for the title, the About dialog and reports. */
public final class AppInfo {
    public static final String NAME = "Tensor Dump Workbench";
    /** The probe format this build reads. */
    public static final String PROBE = "ascend-tensor-dump/1";

    private AppInfo() {}

    /** The version Maven filtered into the application's {@code version.properties}. */
    public static String version() {
        try (var in = AppInfo.class.getResourceAsStream("/dev/tdw/app/version.properties")) {
            if (in == null) return "unknown";
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    public static Map<String, String> versions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("tdw", version());
        m.put("capture format", PROBE);
        m.put("Java", System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
        m.put("JavaFX", String.valueOf(System.getProperty("javafx.runtime.version")));
        m.put("JFreeChart", mavenVersion("org.jfree", "jfreechart"));
        m.put("JFreeChart-FX", mavenVersion("org.jfree", "org.jfree.chart.fx"));
        m.put("Jackson", com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString());
        m.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        return m;
    }

    /** The version Maven recorded in a jar (META-INF/maven/.../pom.properties); jar manifests here carry none. */
    static String mavenVersion(String group, String artifact) {
        try (var in = AppInfo.class.getResourceAsStream("/META-INF/maven/" + group + "/" + artifact + "/pom.properties")) {
            if (in == null) return "unknown";
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
