package dev.tdw.app.chart;

/**
 * The heatmap's colour scale (the window's Tensors tab and the report): exact agreement is pale grey, non-finite is purple, and differences run
 * from pale yellow to dark red on a log scale over four decades below the largest difference (a
 * linear scale would show one hot spot and hide everything else).
 */
public final class HeatmapColors {
    public static final int EXACT = 0xfff4f4f4;
    public static final int NON_FINITE = 0xff7b4fa6;
    public static final double DECADES = 4;
    private static final int[] STOPS = {0xffffffcc, 0xfffed976, 0xfffd8d3c, 0xffe31a1c, 0xff800026};

    private HeatmapColors() {}

    public static int argb(float value, double max) {
        if (Float.isNaN(value)) return NON_FINITE;
        if (value <= 0 || max <= 0) return EXACT;
        double t = 1 + Math.log10(value / max) / DECADES;
        return along(Math.max(0, Math.min(1, t)));
    }

    /** The colour at a position 0..1 of the scale, for the legend. */
    public static int along(double t) {
        double x = t * (STOPS.length - 1);
        int i = (int) Math.min(STOPS.length - 2, Math.floor(x));
        double f = x - i;
        int a = STOPS[i], b = STOPS[i + 1];
        int r = mix(a >> 16 & 0xff, b >> 16 & 0xff, f), g = mix(a >> 8 & 0xff, b >> 8 & 0xff, f), bl = mix(a & 0xff, b & 0xff, f);
        return 0xff000000 | r << 16 | g << 8 | bl;
    }

    private static int mix(int a, int b, double f) { return (int) Math.round(a + (b - a) * f); }
}
