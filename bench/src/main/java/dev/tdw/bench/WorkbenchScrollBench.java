package dev.tdw.bench;

import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.WorkbenchApp;
import dev.tdw.app.ui.WorkbenchViewModel;
import dev.tdw.app.ui.chart.ChartViewModel;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.table.StageTableViewModel;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.Tolerance;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.jfree.chart.axis.ValueAxis;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The workbench with a generated pair of 10k-stage captures: load time (capture directories, diff and
 * scans, table and chart view-models), then frame times while the table scrolls and the chart pans or
 * repaints, measured as intervals between pulses with an {@link AnimationTimer}. The same chart
 * without decimation runs in the same process as the baseline, and the ratios are printed.
 *
 * <p>Runs on any glass platform; for Monocle headless (no display) put the Monocle jar on the classpath:
 * <pre>
 * mvn -q -o -pl bench -am package -DskipTests
 * (cd app &amp;&amp; mvn -q -o dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/cp.txt)
 * java -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dheadless.geometry=1600x1000-32 -Dprism.order=sw \
 *      -Dtdw.config.dir=/tmp/tdw-bench-config \
 *      -cp bench/target/classes:app/target/classes:model/target/classes:$(cat app/target/cp.txt) \
 *      dev.tdw.bench.WorkbenchScrollBench [stages] [frames]
 * </pre>
 * {@code -Dtdw.bench.scrollOnly=true} stops after the idle and scroll phases; {@code -Dtdw.bench.jfr=<settings.jfc>}
 * records the scroll and select phases in flight recordings of their own (see {@link #profiled});
 * {@code -Dtdw.bench.shots=<dir>} saves captures of the table after the scroll phase (see {@link #shots});
 * {@code -Dtdw.bench.trace=true} prints, under each phase, its first frames apart from the rest, the JIT compilers' time
 * and the slowest frames (see {@link Frames#trace}).
 */
public final class WorkbenchScrollBench {
    private static final int PAN_WINDOW = 6000;
    /** Whether each phase's frames are traced: only then is each frame's FX work timed (a pulse listener per frame). */
    private static final boolean TRACE = Boolean.getBoolean("tdw.bench.trace");
    private static final String[] STAGES = {"input_layernorm", "self_attn.qkv", "self_attn.q_rope", "self_attn.k_rope",
            "self_attn.kv_cache", "self_attn.attn_out", "post_attention_layernorm", "mlp.gate_up", "mlp.act", "mlp.down"};

    public static void main(String[] args) throws Exception {
        int stages = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int frames = args.length > 1 ? Integer.parseInt(args[1]) : 240;
        Path dir = Files.createTempDirectory("tdw-scroll-bench");
        Path left = generate(dir.resolve("baseline"), stages, false);
        Path right = generate(dir.resolve("candidate"), stages, true);
        System.out.printf(Locale.ROOT, "pair of %d-stage manifests: %.1f MB each (%s)%n", stages,
                Files.size(left.resolve("bench-rank0.json")) / 1e6, System.getProperty("glass.platform", "default glass"));
        measureLoad(left, right);

        Platform.startup(() -> { });
        // A frame that throws is cut short and would look cheap: any exception on the FX thread ends the run.
        onFx(() -> Thread.currentThread().setUncaughtExceptionHandler((t, e) -> {
            e.printStackTrace();
            Runtime.getRuntime().halt(3);
        }));
        AtomicReference<WorkbenchApp.Session> session = new AtomicReference<>();
        onFx(() -> session.set(WorkbenchApp.show(new Stage(), new FxTaskRunner(),
                Optional.of(new WindowGeometry(0, 0, 1400, 900, false, 0.64, 0.6)))));
        WorkbenchViewModel vm = session.get().vm();
        long t0 = System.nanoTime();
        onFx(() -> vm.openPair(left, right));
        awaitFx(() -> vm.comparison() != null);
        System.out.printf(Locale.ROOT, "open in the window (load, compare, rows, tree, chart) %.0f ms%n", (System.nanoTime() - t0) / 1e6);
        Thread.sleep(1000);
        rendererThreads = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("QuantumRenderer"))
                .mapToLong(Thread::getId).toArray();

        var table = session.get().window().table();
        var viewer = session.get().window().chart().viewer();
        ValueAxis domain = viewer.getChart().getXYPlot().getDomainAxis();
        ChartViewModel chart = vm.chart();
        int rows = vm.table().rows().size();

        Frames idle = measure(frames, i -> { });
        Frames renderFloor = renderFloor(frames);
        Frames tableScroll = profiled("scroll", () -> measure(frames, i -> table.scrollTo((i * 37) % rows)));
        if (System.getProperty("tdw.bench.shots") != null) shots(table, rows, Path.of(System.getProperty("tdw.bench.shots")));
        if (Boolean.getBoolean("tdw.bench.scrollOnly")) {
            // For a profiler: the window, the idle floor and the scroll phase alone.
            printHeader(frames);
            idle.print("idle window (pulse floor)");
            renderFloor.print("a 2x2 dot repainted per frame (render floor)");
            tableScroll.print("table: scroll 37 rows per frame");
            exit(dir);
        }
        // The visible window is wider than the plot has pixels, so decimation has work to do.
        IntConsumer pan = i -> {
            double from = (i * 41.0) % (rows - PAN_WINDOW);
            domain.setRange(from, from + PAN_WINDOW);
        };
        IntConsumer repaint = i -> viewer.getChart().fireChartChanged();
        IntConsumer select = i -> vm.selectedKeyProperty().set(vm.table().rows().rows().get((i * 53) % rows).key());
        Frames selecting = profiled("select", () -> measure(frames, select));
        Frames panDecimated = measure(frames, pan);
        onFx(() -> domain.setAutoRange(true));
        Frames fullDecimated = measure(frames, repaint);
        double drawDecimated = drawTime(viewer, 30);
        onFx(() -> chart.decimationProperty().set(false));
        Frames panAll = measure(frames, pan);
        onFx(() -> domain.setAutoRange(true));
        Frames fullAll = measure(frames, repaint);
        double drawAll = drawTime(viewer, 30);

        printHeader(frames);
        idle.print("idle window (pulse floor)");
        renderFloor.print("a 2x2 dot repainted per frame (render floor)");
        tableScroll.print("table: scroll 37 rows per frame");
        selecting.print("select another stage per frame (table, detail, chart)");
        panDecimated.print("chart: pan a " + PAN_WINDOW + "-stage window, decimated");
        panAll.print("chart: pan, every point (baseline)");
        fullDecimated.print("chart: repaint, all stages, decimated");
        fullAll.print("chart: repaint, all stages, every point");
        System.out.printf(Locale.ROOT, "%nchart draw on the FX thread, all %d stages: decimated %.1f ms, every point %.1f ms (x%.1f)%n",
                rows, drawDecimated, drawAll, drawAll / drawDecimated);
        System.out.printf(Locale.ROOT, "ratios baseline/decimated: pan mean x%.2f, p95 x%.2f; repaint mean x%.2f, p95 x%.2f%n",
                panAll.mean() / panDecimated.mean(), panAll.p(95) / panDecimated.p(95),
                fullAll.mean() / fullDecimated.mean(), fullAll.p(95) / fullDecimated.p(95));
        exit(dir);
    }

    /**
     * Screen captures of the table after the scroll phase (its rows reused many times), at a few stages, for comparing
     * two builds by eye and pixel: {@code table-<row>.png} in {@code dir}.
     */
    private static void shots(javafx.scene.control.Control table, int rows, Path dir) throws Exception {
        Files.createDirectories(dir);
        for (int row : new int[]{0, rows * 6 / 10 - 7, rows * 9 / 10 - 3, rows - 30}) {
            onFx(() -> ((javafx.scene.control.TreeTableView<?>) table).scrollTo(row));
            measure(3, i -> { });
            AtomicReference<java.awt.image.BufferedImage> image = new AtomicReference<>();
            onFx(() -> {
                javafx.geometry.Bounds b = table.localToScreen(table.getBoundsInLocal());
                var shot = new javafx.scene.robot.Robot().getScreenCapture(null, b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight());
                image.set(javafx.embed.swing.SwingFXUtils.fromFXImage(shot, null));
            });
            javax.imageio.ImageIO.write(image.get(), "png", dir.resolve("table-" + row + ".png").toFile());
        }
    }

    interface Phase {
        Frames run() throws InterruptedException;
    }

    /**
     * Runs a phase, under a flight recording of its own when {@code -Dtdw.bench.jfr=<settings.jfc>} is given: the
     * recording ({@code <phase>.jfr} in the working directory) then holds that phase's samples alone, without the
     * window's start-up.
     */
    private static Frames profiled(String name, Phase phase) throws Exception {
        String settings = System.getProperty("tdw.bench.jfr");
        if (settings == null) return phase.run();
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording(jdk.jfr.Configuration.create(Path.of(settings)))) {
            recording.start();
            Frames frames = phase.run();
            recording.stop();
            recording.dump(Path.of(name + ".jfr"));
            return frames;
        }
    }

    /**
     * The least a frame that repaints anything costs in this window: a 2x2 dot over the window's corner changes colour
     * once per pulse (a repaint of a few pixels, its upload and the pulse's fixed work). Unlike the idle window, every
     * pulse then renders, so this is the floor a scrolled table is judged against. The dot leaves the scene afterwards.
     */
    private static Frames renderFloor(int frames) throws InterruptedException {
        javafx.scene.shape.Rectangle dot = new javafx.scene.shape.Rectangle(0, 0, 2, 2);
        dot.setManaged(false);
        dot.setMouseTransparent(true);
        AtomicReference<javafx.scene.Parent> root = new AtomicReference<>();
        onFx(() -> {
            root.set(javafx.stage.Window.getWindows().get(0).getScene().getRoot());
            ((javafx.scene.layout.Pane) root.get()).getChildren().add(dot);
        });
        Frames floor = measure(frames, i -> dot.setFill(i % 2 == 0 ? javafx.scene.paint.Color.RED : javafx.scene.paint.Color.BLUE));
        onFx(() -> ((javafx.scene.layout.Pane) root.get()).getChildren().remove(dot));
        return floor;
    }

    private static void printHeader(int frames) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%-52s %6s %6s %6s %6s   %-11s %-33s %s%n", "frame intervals (ms) over " + frames + " pulses", "mean", "p50", "p95", "max",
                "frames>33ms", "cpu/frame (FX + renderer threads)", "FX alloc/frame, GC pauses in the phase");
    }

    private static void exit(Path dir) throws IOException {
        Platform.exit();
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        System.exit(0);
    }

    /** Load without a window: capture directories, diff and scans, table tree and chart series; best of 3. */
    private static void measureLoad(Path left, Path right) throws Exception {
        double best = Double.MAX_VALUE, bestRead = 0, bestCompare = 0, bestViews = 0;
        for (int run = 0; run < 3; run++) {
            long a = System.nanoTime();
            CaptureDirectory l = CaptureDirectory.load(left), r = CaptureDirectory.load(right);
            long b = System.nanoTime();
            Comparison c = ComparisonTask.run(l.manifests().get(0), r.manifests().get(0), Tolerance.EXACT);
            long d = System.nanoTime();
            StageTableViewModel table = new StageTableViewModel();
            table.rowsProperty().set(c.rows());
            ChartViewModel chart = new ChartViewModel();
            chart.rowsProperty().set(c.rows());
            long e = System.nanoTime();
            if ((e - a) / 1e6 < best) {
                best = (e - a) / 1e6;
                bestRead = (b - a) / 1e6;
                bestCompare = (d - b) / 1e6;
                bestViews = (e - d) / 1e6;
            }
        }
        System.out.printf(Locale.ROOT, "load (best of 3): %.0f ms = read %.0f + diff/scans/rows %.0f + table tree and chart series %.0f%n",
                best, bestRead, bestCompare, bestViews);
    }

    /** Pulse intervals while {@code perFrame} changes the scene once per pulse. */
    private static Frames measure(int frames, IntConsumer perFrame) throws InterruptedException {
        long[] stamps = new long[frames + 1];
        long[] work = new long[frames];
        long[] cpu = new long[6];
        long[][] gc = new long[2][];
        long[] jit = new long[2];
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> new AnimationTimer() {
            int i = -10; // a few pulses to settle first

            @Override
            public void handle(long now) {
                if (i >= 0) stamps[i] = now;
                if (i == 0) {
                    cpu[0] = renderingCpuNanos();
                    cpu[2] = fxCpuNanos();
                    cpu[4] = fxAllocatedBytes();
                    gc[0] = gcPauses();
                    jit[0] = compilationMs();
                }
                if (++i > frames) {
                    cpu[1] = renderingCpuNanos();
                    cpu[3] = fxCpuNanos();
                    cpu[5] = fxAllocatedBytes();
                    gc[1] = gcPauses();
                    jit[1] = compilationMs();
                    stop();
                    done.countDown();
                    return;
                }
                if (TRACE && i > 0) timeUntilLayoutDone(work, i - 1);
                perFrame.accept(Math.max(0, i));
            }
        }.start());
        done.await();
        double[] intervals = new double[frames];
        for (int k = 0; k < frames; k++) intervals[k] = (stamps[k + 1] - stamps[k]) / 1e6;
        double[] layoutDone = Arrays.stream(work).mapToDouble(w -> w / 1e6).toArray();
        return new Frames(intervals, layoutDone, (cpu[1] - cpu[0]) / 1e6 / frames, (cpu[3] - cpu[2]) / 1e6 / frames,
                (cpu[5] - cpu[4]) / frames, gc[1][0] - gc[0][0], gc[1][1] - gc[0][1], jit[1] - jit[0]);
    }

    /**
     * Stores in {@code work[k]} the time from now (frame {@code k}'s animation timer) until the pulse's layout is done:
     * the FX thread's own share of the frame (animation, CSS, layout), without the scene's synchronisation and the
     * renderer. For the slow-frame trace ({@code -Dtdw.bench.trace=true}).
     */
    private static void timeUntilLayoutDone(long[] work, int k) {
        long start = System.nanoTime();
        javafx.scene.Scene scene = javafx.stage.Window.getWindows().get(0).getScene();
        scene.addPostLayoutPulseListener(new Runnable() {
            @Override
            public void run() {
                work[k] = System.nanoTime() - start;
                scene.removePostLayoutPulseListener(this);
            }
        });
    }

    /** Bytes the FX application thread has allocated so far; called on it. */
    private static long fxAllocatedBytes() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** Time the JIT compilers have spent so far (ms, summed over their threads). */
    private static long compilationMs() {
        var jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /** Collections so far and their summed pause time (ms), over every collector. */
    private static long[] gcPauses() {
        long count = 0, ms = 0;
        for (var bean : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, bean.getCollectionCount());
            ms += Math.max(0, bean.getCollectionTime());
        }
        return new long[]{count, ms};
    }

    /**
     * CPU time so far of the threads that make a frame: the FX application thread and the renderer. Unlike the pulse
     * intervals it barely grows when other processes take the cores, so runs at different loads can be compared.
     * Called on the FX thread.
     */
    private static long renderingCpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long total = fxCpuNanos();
        for (long id : rendererThreads) total += Math.max(0, threads.getThreadCpuTime(id));
        return total;
    }

    /** CPU time so far of the FX application thread (scene updates, CSS, layout); called on it. */
    private static long fxCpuNanos() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** The renderer's thread ids, looked up once the window is up (not inside a measured frame). */
    private static long[] rendererThreads = new long[0];

    /** Mean time of a synchronous JFreeChart repaint of the whole chart on the FX thread. */
    private static double drawTime(org.jfree.chart.fx.ChartViewer viewer, int times) throws InterruptedException {
        AtomicReference<Double> ms = new AtomicReference<>();
        onFx(() -> {
            viewer.getCanvas().draw();
            long t = System.nanoTime();
            for (int i = 0; i < times; i++) viewer.getCanvas().draw();
            ms.set((System.nanoTime() - t) / 1e6 / times);
        });
        return ms.get();
    }

    /**
     * One phase: pulse intervals, each frame's FX work until its layout was done, CPU per frame, the FX thread's
     * allocation per frame, the collections (count, summed time) that ran during the phase and the JIT compilers' time.
     */
    record Frames(double[] intervals, double[] layoutDone, double cpuPerFrame, double fxCpuPerFrame, long fxBytesPerFrame,
                  long collections, long collectionMs, long compilationMs) {
        double mean() { return Arrays.stream(intervals).average().orElse(0); }

        double p(int percentile) {
            double[] s = intervals.clone();
            Arrays.sort(s);
            return s[Math.min(s.length - 1, (int) Math.ceil(percentile / 100.0 * s.length) - 1)];
        }

        void print(String name) {
            long slow = Arrays.stream(intervals).filter(v -> v > 33.4).count();
            String cpu = String.format(Locale.ROOT, "%.1f (%.1f + %.1f)", cpuPerFrame, fxCpuPerFrame, renderer());
            System.out.printf(Locale.ROOT, "%-52s %6.1f %6.1f %6.1f %6.1f   %-11d %-33s %d KiB, %d (%d ms)%n", name, mean(), p(50), p(95), p(100), slow,
                    cpu, fxBytesPerFrame / 1024, collections, collectionMs);
            if (TRACE) trace();
        }

        /**
         * Where the phase's time above the floor went: the mean interval and FX work of the first 40 frames (the code
         * on the path still being compiled) and of the rest, and the first 12 frames over 19 ms as index:interval/work.
         */
        private void trace() {
            int warm = Math.min(40, intervals.length);
            StringBuilder slow = new StringBuilder();
            int listed = 0, over = 0;
            for (int k = 0; k < intervals.length; k++) {
                if (intervals[k] <= 19) continue;
                over++;
                // A phase whose every frame is slow (the chart without decimation) would fill the screen.
                if (listed < 12) {
                    listed++;
                    slow.append(String.format(Locale.ROOT, " %d:%.1f/%.1f", k, intervals[k], layoutDone[k]));
                }
            }
            if (over > listed) slow.append(" and ").append(over - listed).append(" more");
            System.out.printf(Locale.ROOT, "    first %d frames %.2f ms (work %.1f), the rest %.2f ms (work %.1f); JIT compilers %d ms; over 19 ms:%s%n",
                    warm, mean(intervals, 0, warm), mean(layoutDone, 0, warm), mean(intervals, warm, intervals.length),
                    mean(layoutDone, warm, intervals.length), compilationMs, slow);
        }

        private static double mean(double[] values, int from, int to) {
            return from >= to ? Double.NaN : Arrays.stream(values, from, to).average().orElse(Double.NaN);
        }

        /** The renderer's share: the FX thread's clock is read apart from the total, so an idle frame can come out a hair below zero. */
        double renderer() {
            return Math.max(0, cpuPerFrame - fxCpuPerFrame);
        }
    }

    private static void onFx(Runnable r) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                r.run();
            } finally {
                done.countDown();
            }
        });
        done.await();
    }

    private static void awaitFx(Supplier<Boolean> condition) throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            AtomicReference<Boolean> ok = new AtomicReference<>(false);
            onFx(() -> ok.set(condition.get()));
            if (ok.get()) return;
            Thread.sleep(50);
        }
        throw new IllegalStateException("the workbench did not finish loading within a minute");
    }

    /**
     * One capture directory with a manifest in the probe's format: runner stages, then layers of ten
     * stages and an operator input set. The candidate diverges from 60% of the way on, turns
     * non-finite at 90%, and lacks the mlp.act stages of a few layers (coverage gaps).
     */
    static Path generate(Path dir, int stages, boolean candidate) throws IOException {
        Files.createDirectories(dir);
        java.util.Random random = new java.util.Random(42);
        int perLayer = STAGES.length + 1;
        int layers = Math.max(1, (stages - 3) / perLayer);
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("bench-rank0.json"))) {
            w.write("{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"bench\", \"rank\": 0, \"match_index\": 1, \"occurrence\": 1,\n"
                    + "\"metadata\": {\"scheduled_token_ids\": [1, 2, 3]},\n"
                    + "\"stats\": [\"nan_count\", \"inf_count\", \"max_abs\", \"min\", \"max\", \"mean\"], \"records\": [\n");
            int order = 0;
            for (String s : new String[]{"runner.input_ids", "runner.positions", "model.embed"}) {
                record(w, order == 0, s, order++, 1000 + order, 0, random.nextDouble() * 4, 0);
            }
            for (int layer = 0; layer < layers; layer++) {
                double progress = (double) layer / layers;
                for (int k = 0; k < STAGES.length; k++) {
                    if (candidate && STAGES[k].equals("mlp.act") && layer % 97 == 50) continue;
                    double value = 1 + random.nextDouble() * 3;
                    if (candidate && progress >= 0.6) value *= 1 + 1e-3 * (1 + random.nextDouble());
                    int nan = candidate && progress >= 0.9 ? 16 : 0;
                    String stage = "layers." + layer + "." + STAGES[k];
                    long ptr = STAGES[k].equals("self_attn.kv_cache") ? 7_000_000 : 1_000_000 + order;
                    long offset = STAGES[k].equals("self_attn.kv_cache") ? layer * 8192L : 0;
                    record(w, false, stage, order++, ptr, offset, value, nan);
                }
                w.write(",\n{\"stage\": \"add_rms_norm\", \"order\": " + order++ + ", \"inputs\": {\"x\": {\"shape\": [12, 64], "
                        + "\"dtype\": \"torch.float32\", \"stride\": [64, 1]}, \"epsilon\": {\"value\": \"1e-06\"}}, \"input_set_saved\": false}");
            }
            w.write("\n], \"graph_slots\": {}}\n");
        }
        return dir;
    }

    private static void record(BufferedWriter w, boolean first, String stage, int order, long ptr, long offset, double value, int nan)
            throws IOException {
        if (!first) w.write(",\n");
        boolean cache = stage.endsWith("kv_cache");
        String shape = cache ? "[2, 16, 4, 4, 16]" : "[12, 64]", stride = cache ? "[4096, 256, 64, 16, 1]" : "[64, 1]";
        w.write(String.format(Locale.ROOT, "{\"stage\": \"%s\", \"order\": %d, \"shape\": %s, \"dtype\": \"torch.float32\", "
                        + "\"numel\": %d, \"device\": \"npu:0\", \"stride\": %s, \"contiguous\": true, \"storage_ptr\": %d, "
                        + "\"storage_offset\": %d, \"summary\": {\"nan_count\": %d.0, \"inf_count\": 0.0, \"max_abs\": %s, "
                        + "\"min\": %s, \"max\": %s, \"mean\": %s}}",
                stage, order, shape, cache ? 8192 : 768, stride, ptr, offset, nan, value, -value, value, value / 7));
    }
}
