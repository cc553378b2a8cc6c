package dev.tdw.bridge.ascend;

/**
 * How to make an installed CANN visible to tdw. The libraries are looked up when the process starts looking, from its
 * own environment, so the environment has to be set before tdw starts: a running window cannot pick it up.
 * CANN's {@code set_env.sh} sits in its root and exports {@code ASCEND_HOME_PATH} (that root), {@code ASCEND_OPP_PATH}
 * ({@code <root>/opp}) and {@code LD_LIBRARY_PATH} (runtime {@code scripts/package/runtime/set_env.sh}).
 */
public final class CannSetup {
    /** The root of a current default installation. */
    public static final String CURRENT_ROOT = "/usr/local/Ascend/cann";
    /** The root of an older default installation (the toolkit's version link). */
    public static final String TOOLKIT_ROOT = "/usr/local/Ascend/ascend-toolkit/latest";
    /** Where the environment script sits in a current default installation. */
    public static final String SET_ENV = CURRENT_ROOT + "/set_env.sh";
    /** Where it sits in an older one. */
    public static final String TOOLKIT_SET_ENV = "/usr/local/Ascend/ascend-toolkit/set_env.sh";

    /** What the user runs so that ASCEND_HOME_PATH, ASCEND_OPP_PATH and the libraries' dependencies are set. */
    public static final String SET_ENV_ADVICE = "run `source <CANN root>/set_env.sh` (" + SET_ENV + ", or " + TOOLKIT_SET_ENV
            + " in older installations) before starting tdw";

    private CannSetup() {}

    public static String advice() {
        return "To use an NPU, make CANN visible before starting tdw: source " + SET_ENV + " (" + TOOLKIT_SET_ENV
                + " in older installations; it sets ASCEND_HOME_PATH, ASCEND_OPP_PATH and LD_LIBRARY_PATH), or set ASCEND_HOME_PATH"
                + " to the CANN root whose lib64 holds libascendcl.so and ASCEND_OPP_PATH to its opp; then start tdw again from that shell.";
    }
}
