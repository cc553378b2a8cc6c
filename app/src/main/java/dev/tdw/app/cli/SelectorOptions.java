package dev.tdw.app.cli;

import picocli.CommandLine.Option;

/** Which manifests of a capture directory to use. */
public final class SelectorOptions {
    @Option(names = "--label", description = "request label (with directories)")
    String label;

    @Option(names = "--occurrence", description = "occurrence within the label (with directories)")
    Integer occurrence;

    @Option(names = "--rank", description = "rank (with directories)")
    Integer rank;

    boolean any() { return label != null || occurrence != null || rank != null; }

    @Override
    public String toString() {
        return "label=" + (label == null ? "*" : label) + " occurrence=" + (occurrence == null ? "*" : occurrence)
                + " rank=" + (rank == null ? "*" : rank);
    }
}
