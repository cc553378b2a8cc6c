package dev.tdw.bridge.host;

/** The error function to about 1e-15, which Java's Math lacks. */
final class Erf {
    private Erf() {}

    private static final double TWO_OVER_SQRT_PI = 1.1283791670955126;

    static double erf(double x) {
        if (Double.isNaN(x)) return x;
        double a = Math.abs(x);
        double r = a < 2.5 ? series(a) : 1 - erfcContinuedFraction(a);
        return x < 0 ? -r : r;
    }

    /** Maclaurin series; below 2.5 the alternating terms cancel without losing more than two digits. */
    private static double series(double x) {
        double x2 = x * x, term = x, sum = x;
        for (int n = 1; n < 200; n++) {
            term *= -x2 / n;
            double next = term / (2 * n + 1);
            sum += next;
            if (Math.abs(next) < 1e-17 * Math.abs(sum)) break;
        }
        return TWO_OVER_SQRT_PI * sum;
    }

    /** erfc by its continued fraction (modified Lentz), which converges fast for x >= 2.5. */
    private static double erfcContinuedFraction(double x) {
        double tiny = 1e-300;
        double f = x, c = x, d = 0;
        for (int n = 1; n < 500; n++) {
            double an = n / 2.0;
            d = x + an * d;
            d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
            c = x + an / c;
            if (Math.abs(c) < tiny) c = tiny;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) break;
        }
        return Math.exp(-x * x) / (f * Math.sqrt(Math.PI));
    }
}
