package dev.tdw.app.ui.testing;

import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting on and reading FX state from a TestFX test thread. */
public final class Fx {
    private Fx() {}

    /** Waits until the condition, evaluated on the FX thread, holds. */
    public static void await(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> call(condition::getAsBoolean));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("condition not met within 20 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Evaluates on the FX thread. */
    public static <T> T call(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Scrolls the enclosing scroll pane so the node is inside its viewport (TestFX clicks where a node is laid out). */
    public static void scrollIntoView(javafx.scene.Node node) {
        run(() -> {
            javafx.scene.Node p = node.getParent();
            while (p != null && !(p instanceof javafx.scene.control.ScrollPane)) p = p.getParent();
            if (!(p instanceof javafx.scene.control.ScrollPane scroll)) return;
            javafx.scene.Node content = scroll.getContent();
            double y = content.sceneToLocal(node.localToScene(0, 0)).getY();
            double extra = content.getBoundsInLocal().getHeight() - scroll.getViewportBounds().getHeight();
            if (extra > 0) scroll.setVvalue(Math.min(1, Math.max(0, (y - 20) / extra)));
            scroll.layout();
        });
    }

    public static void run(Runnable r) {
        call(() -> {
            r.run();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
