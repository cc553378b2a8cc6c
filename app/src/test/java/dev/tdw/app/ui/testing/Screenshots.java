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
