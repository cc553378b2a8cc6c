package dev.tdw.model.sets;

/**
 * One statistic of a run against the left runs: its value, the left band {@code [low, high]} (NaN bounds when no left
 * run had a finite value), how far outside it lies and how far it may lie before it is beyond noise.
 */
public record StatisticBand(String statistic, double value, double low, double high, double distance, double allowed) {
    public boolean outside() { return distance > 0; }

    public boolean beyondNoise() { return distance > allowed; }
}
