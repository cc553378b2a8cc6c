package dev.tdw.app.ui.testing;

import javafx.application.Platform;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * For the screenshot programs that drive the real window under Xvfb (not tests: they need X and ImageMagick's
 * {@code import}). They run without TestFX, so they wait by polling the FX thread.
 */
public final class Screenshots {
    private Screenshots() {}

    /** Captures the whole X screen into {@code out/name.png} once the window has settled (animations, layout). */
    public static void shoot(Path out, String name) throws Exception {
        Thread.sleep(1500);
        Path png = out.resolve(name + ".png");
        Process p = new ProcessBuilder("import", "-window", "root", png.toString()).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IllegalStateException("import failed for " + png);
        System.out.println("wrote " + png);
    }

    /**
     * Captures only {@code window}'s area of the X screen: under a bare Xvfb (no window manager) a second window lies
     * undecorated over the main one, and the shot of the whole screen would mix the two.
     */
    public static void shoot(Path out, String name, javafx.stage.Window window) throws Exception {
        Thread.sleep(1500);
        int[] r = new int[4];
        onFx(() -> {
            r[0] = (int) Math.round(window.getWidth());
            r[1] = (int) Math.round(window.getHeight());
            r[2] = (int) Math.round(window.getX());
            r[3] = (int) Math.round(window.getY());
        });
        Path png = out.resolve(name + ".png");
        String crop = r[0] + "x" + r[1] + "+" + r[2] + "+" + r[3];
        Process p = new ProcessBuilder("import", "-window", "root", "-crop", crop, "+repage", png.toString()).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IllegalStateException("import failed for " + png);
        System.out.println("wrote " + png + " (" + crop + ")");
    }

    /** Runs on the FX thread and returns when it has run. */
    public static void onFx(Runnable r) throws InterruptedException {
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

    /** Polls the condition on the FX thread every 100 ms, at most {@code seconds}. */
    public static void await(BooleanSupplier condition, int seconds) throws Exception {
        for (int i = 0; i < seconds * 10; i++) {
            AtomicBoolean ok = new AtomicBoolean();
            onFx(() -> ok.set(condition.getAsBoolean()));
            if (ok.get()) return;
            Thread.sleep(100);
        }
        throw new IllegalStateException("timed out");
    }
}
