package dev.tdw.scale;

import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.sets.RunsAnalysis;

import java.util.List;

/**
 * The job's arguments: {@code --left URI --right URI (--all | --tensors) --out URI [--atol A] [--rtol R]
 * [--max-elements N] [--part-elements N]}, or {@code --left-runs URI --right-runs URI --out URI [--atol A] [--rtol R]
 * [--noise-factor F]}. The tolerances are those of the command the mode stands for: {@code diff}'s (default 0,
 * exact) or {@code tensors}' (default 1e-2). A tensor pair of more than {@code partElements} elements is compared in
 * parts of that many, one task each.
 *
 * @param left  the left root, or with {@link Mode#RUNS} the left folder of runs; likewise {@code right}
 */
record JobOptions(String left, String right, Mode mode, String out, double atol, double rtol, long maxElements, long partElements,
                  double noiseFactor) {
    /** Elements per part of a big tensor pair by default: 8 waves, 128 Mi elements (256 MiB of bfloat16 per side). */
    static final long DEFAULT_PART_ELEMENTS = 8 * TensorComparison.WAVE_ELEMENTS;

    /** What is compared, and which command's JSON is written. */
    enum Mode {
        /** {@code tdw diff --all}: every pair's statistics. */
        ALL,
        /** {@code tdw tensors} of two capture directories: every pair's saved tensors. */
        TENSORS,
        /** {@code tdw diff --left-runs --right-runs}: repeated runs judged against the left runs' noise. */
        RUNS
    }

    static final String USAGE = "usage: CompareJob (--left URI --right URI (--all | --tensors) | --left-runs URI --right-runs URI)"
            + " --out URI [--atol A] [--rtol R] [--max-elements N] [--part-elements N] [--noise-factor F]";

    /** The options, or an {@link IllegalArgumentException} whose message says what is wrong. */
    static JobOptions parse(List<String> args) {
        String left = null, right = null, leftRuns = null, rightRuns = null, out = null;
        Mode mode = null;
        Double atol = null, rtol = null, noise = null;
        long maxElements = TensorComparison.DEFAULT_MAX_ELEMENTS;
        long partElements = DEFAULT_PART_ELEMENTS;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--all", "--tensors" -> {
                    Mode m = a.equals("--all") ? Mode.ALL : Mode.TENSORS;
                    if (mode != null && mode != m) throw new IllegalArgumentException("--all and --tensors: choose one");
                    mode = m;
                }
                case "--left" -> left = value(args, ++i, a);
                case "--right" -> right = value(args, ++i, a);
                case "--left-runs" -> leftRuns = value(args, ++i, a);
                case "--right-runs" -> rightRuns = value(args, ++i, a);
                case "--out" -> out = value(args, ++i, a);
                case "--atol" -> atol = number(value(args, ++i, a), a);
                case "--rtol" -> rtol = number(value(args, ++i, a), a);
                case "--noise-factor" -> noise = number(value(args, ++i, a), a);
                case "--max-elements" -> maxElements = (long) number(value(args, ++i, a), a);
                case "--part-elements" -> partElements = (long) number(value(args, ++i, a), a);
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        if (leftRuns != null || rightRuns != null) {
            if (leftRuns == null || rightRuns == null) throw new IllegalArgumentException("--left-runs and --right-runs: give both");
            if (left != null || right != null || mode != null) {
                throw new IllegalArgumentException("--left-runs/--right-runs compare two folders of runs: without --left, --right, --all or --tensors");
            }
            left = leftRuns;
            right = rightRuns;
            mode = Mode.RUNS;
        } else if (noise != null) {
            throw new IllegalArgumentException("--noise-factor judges repeated runs: only with --left-runs/--right-runs");
        }
        if (left == null || right == null || out == null || mode == null) throw new IllegalArgumentException(USAGE);
        double defaultTol = mode == Mode.TENSORS ? TensorComparison.DEFAULT_ATOL : 0;
        double at = atol == null ? defaultTol : atol, rt = rtol == null ? defaultTol : rtol;
        if (!(at >= 0) || !(rt >= 0) || maxElements < 0) {
            throw new IllegalArgumentException("--atol, --rtol and --max-elements must be non-negative");
        }
        if (partElements < TensorComparison.WAVE_ELEMENTS || partElements % TensorComparison.WAVE_ELEMENTS != 0) {
            throw new IllegalArgumentException("--part-elements must be a positive multiple of " + TensorComparison.WAVE_ELEMENTS
                    + " (the scan's wave, which parts must not cut), not " + partElements);
        }
        double nf = noise == null ? RunsAnalysis.DEFAULT_NOISE_FACTOR : noise;
        if (!(nf >= 0) || Double.isInfinite(nf)) throw new IllegalArgumentException("--noise-factor must be a finite number >= 0");
        return new JobOptions(left, right, mode, out, at, rt, maxElements, partElements, nf);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) throw new IllegalArgumentException(option + " needs a value");
        return args.get(i);
    }

    private static double number(String value, String option) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": not a number: " + value);
        }
    }
}
