package dev.tdw.app.cli;

/** The contract's exit codes, and ours for failures that are not about the input. */
public final class ExitCodes {
    public static final int RAN = 0;
    public static final int NOT_PASSING = 1;
    public static final int UNUSABLE = 2;
    /** A fault of tdw itself ("internal error, please report"), never reported as unusable input. */
    public static final int INTERNAL = 3;
    /** The output could not be written (a closed pipe, a full disk): what was printed is incomplete. */
    public static final int OUTPUT_FAILED = 4;

    private ExitCodes() {}
}
