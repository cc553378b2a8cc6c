package dev.tdw.app.cli;

import picocli.CommandLine.Option;

/** Options every comparison command shares. */
public final class OutputOptions {
    public enum Format { json, text, html }

    @Option(names = "--format", defaultValue = "json",
            description = "json (default, stable field names), text, or html (tdw diff only: the window's report, written to --out FILE)")
    Format format = Format.json;

    @Option(names = "--fail-on-divergence", description = "exit 1 when the verdict is not ALIGNED/PASS (INCONCLUSIVE included)")
    boolean failOnDivergence;
}
