package dev.tdw.bench;

import dev.tdw.model.report.Wording;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How the workbench and the reports word a statistic: {@code Wording.number} ({@code %.6g} words) and
 * {@code Wording.relative} ({@code %.2e}) against {@code String.format} in {@link Locale#US} (what {@code Wording} called
 * up to 991b359), on the same doubles in the same run. Prints the least thread-CPU time per number of {@code --runs}
 * passes and the bytes allocated per number, and checks that both give the same words.
 *
 * <p>Usage: {@code NumberWordsBench [--numbers 200000] [--runs 15]}.
 */
public final class NumberWordsBench {
    private NumberWordsBench() {}

    public static void main(String[] args) {
        int count = 200_000;
        int runs = 15;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--numbers" -> count = Integer.parseInt(args[i + 1]);
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unexpected argument " + args[i]);
            }
        }
        // Statistics of a layer's activations: magnitudes from 1e-6 to 1e4, never integers.
        SplittableRandom random = new SplittableRandom(5);
        double[] values = new double[count];
        for (int i = 0; i < count; i++) values[i] = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-6, 5)) + 1e-9;
        for (int i = 0; i < count; i++) {
            if (!Wording.number(values[i]).equals(String.format(Locale.US, "%.6g", values[i]))
                    || !Wording.relative(values[i]).equals(String.format(Locale.US, "%.2e", values[i]))) {
                throw new IllegalStateException("different words for " + values[i]);
            }
        }
        System.out.printf(Locale.ROOT, "java %s; %d numbers, best of %d passes on 1 thread%n",
                System.getProperty("java.version"), count, runs);
        measure("%.6g", values, runs, v -> Wording.number(v), v -> String.format(Locale.US, "%.6g", v));
        measure("%.2e", values, runs, v -> Wording.relative(v), v -> String.format(Locale.US, "%.2e", v));
    }

    private static void measure(String form, double[] values, int runs, Words wording, Words formatter) {
        Pass w = new Pass(Double.MAX_VALUE, 0);
        Pass f = new Pass(Double.MAX_VALUE, 0);
        for (int run = 0; run < runs; run++) { // alternating, so that both see the same machine
            w = w.best(pass(values, wording));
            f = f.best(pass(values, formatter));
        }
        System.out.printf(Locale.ROOT, "%s  Wording %6.1f ns, %4.0f bytes per number; String.format %6.1f ns, %4.0f bytes; x%.2f less time, x%.2f less allocation%n",
                form, w.ns, w.bytes, f.ns, f.bytes, f.ns / w.ns, f.bytes / w.bytes);
    }

    private static Pass pass(double[] values, Words words) {
        var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long bytes = bean.getThreadAllocatedBytes(id);
        long start = bean.getCurrentThreadCpuTime();
        int length = 0;
        for (double v : values) length += words.of(v).length();
        long cpu = bean.getCurrentThreadCpuTime() - start;
        long allocated = bean.getThreadAllocatedBytes(id) - bytes;
        if (length == 0) throw new IllegalStateException("no words");
        return new Pass(cpu / (double) values.length, allocated / (double) values.length);
    }

    @FunctionalInterface
    private interface Words {
        String of(double v);
    }

    private record Pass(double ns, double bytes) {
        Pass best(Pass other) {
            return other.ns < ns ? other : this;
        }
    }
}
