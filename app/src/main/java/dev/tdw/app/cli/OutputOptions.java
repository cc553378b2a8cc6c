package dev.tdw.app.cli;

import picocli.CommandLine.Option;

/** Options every comparison command shares. */
public final class OutputOptions {
    public enum Format { json, text }

    @Option(names = "--format", defaultValue = "json", description = "json (default, stable field names) or text")
    Format format = Format.json;

    @Option(names = "--fail-on-divergence", description = "exit 1 when the verdict is not ALIGNED/PASS (INCONCLUSIVE included)")
    boolean failOnDivergence;
}
