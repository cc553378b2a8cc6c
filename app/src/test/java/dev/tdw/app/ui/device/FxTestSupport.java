package dev.tdw.app.ui.device;

import javafx.application.Platform;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** The FX toolkit for view-model tests (started the TestFX way, so TestFX tests in the same JVM share it), and waiting on it. */
public final class FxTestSupport {
    private FxTestSupport() {}

    public static void startToolkit() {
        try {
            FxToolkit.registerPrimaryStage();
        } catch (TimeoutException e) {
            throw new AssertionError("the FX toolkit did not start", e);
        }
    }

    /** Evaluates on the FX thread. */
    public static <T> T call(Callable<T> c) {
        FutureTask<T> f = new FutureTask<>(c);
        Platform.runLater(f);
        try {
            return f.get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    public static void run(Runnable r) {
        call(() -> {
            r.run();
            return null;
        });
    }

    /**
     * Waits until the condition, evaluated on the FX thread, holds: for what only a child process or the file system
     * decides (a run's exit, a manifest appearing); work the view models start themselves runs synchronously.
     */
    public static void await(String what, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> call(condition::getAsBoolean));
        } catch (TimeoutException e) {
            throw new AssertionError("not within 30 s: " + what, e);
        }
    }
}
