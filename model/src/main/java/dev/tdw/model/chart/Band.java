package dev.tdw.model.chart;

/** A run of consecutive stages [from, to] the chart shades: non-finite values or a coverage gap. */
public record Band(int from, int to, Kind kind) {
    public enum Kind {
        NON_FINITE("non-finite"), ONLY_LEFT("only left"), ONLY_RIGHT("only right");

        private final String label;

        Kind(String label) { this.label = label; }

        public String label() { return label; }
    }
}
