package dev.tdw.bridge.ascend;

/**
 * How to make an installed CANN visible to tdw. The libraries are looked up when the process starts looking, from its
 * own environment, so the environment has to be set before tdw starts: a running window cannot pick it up.
 */
public final class CannSetup {
    /** Where the toolkit's environment script sits in a default installation. */
    public static final String SET_ENV = "/usr/local/Ascend/ascend-toolkit/set_env.sh";

    private CannSetup() {}

    public static String advice() {
        return "To use an NPU, make CANN visible before starting tdw: source " + SET_ENV
                + " (it sets ASCEND_HOME_PATH and LD_LIBRARY_PATH), or set ASCEND_HOME_PATH to the toolkit whose lib64 holds"
                + " libascendcl.so, or add that lib64 to LD_LIBRARY_PATH; then start tdw again from that shell.";
    }
}
