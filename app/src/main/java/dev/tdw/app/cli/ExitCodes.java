package dev.tdw.app.cli;

/** The contract's exit codes. */
public final class ExitCodes {
    public static final int RAN = 0;
    public static final int NOT_PASSING = 1;
    public static final int UNUSABLE = 2;

    private ExitCodes() {}
}
