package dev.tdw.bridge.host;

/**
 * The arithmetic the host kernels compute in. Kernels pass every intermediate result through
 * {@link #round}; with FP32 that rounds each +, *, / and sqrt to float, which gives the correctly
 * rounded float result because double carries more than twice float's precision.
 */
public enum Precision {
    FP32 {
        @Override
        public double round(double v) { return (float) v; }
    },
    FP64 {
        @Override
        public double round(double v) { return v; }
    };

    public abstract double round(double v);
}
