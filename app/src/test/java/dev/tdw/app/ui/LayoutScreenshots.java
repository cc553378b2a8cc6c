package dev.tdw.app.ui;

import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Screenshots;
import dev.tdw.app.ui.work.FxTaskRunner;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.control.ScrollBar;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static dev.tdw.app.ui.testing.Screenshots.onFx;
import static dev.tdw.app.ui.testing.Screenshots.shoot;

/**
 * The window at one screen size under Xvfb (not a test: it needs X): a pair (layer-bug unless a scenario and its two
 * sides follow the size) at its first
 * divergence, then with the table scrolled right and the focus on the filter (the frozen stage column and
 * the unfocused selection). Build and write the class path from the repository root (offline, nothing installed), then
 * run from {@code app/}, once per size:
 * <pre>
 * mvn -q -o -pl app -am test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/cp.txt
 * xvfb-run -a -s "-screen 0 1024x700x24" java -cp target/classes:target/test-classes:$(cat target/cp.txt) \
 *     dev.tdw.app.ui.LayoutScreenshots target/screenshots 1024x700 [overflow baseline candidate]
 * </pre>
 */
public final class LayoutScreenshots {
    private LayoutScreenshots() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        String size = args[1];
        String[] wh = size.split("x");
        Files.createDirectories(out);
        Path scratch = Files.createTempDirectory("tdw-layout");
        System.setProperty("tdw.config.dir", scratch.resolve("config").toString());
        System.setProperty("tdw.cache.dir", scratch.resolve("cache").toString());
        Platform.startup(() -> { });
        WorkbenchApp.Session[] session = new WorkbenchApp.Session[1];
        onFx(() -> session[0] = WorkbenchApp.show(new Stage(), new FxTaskRunner(), Optional.of(
                new WindowGeometry(0, 0, Double.parseDouble(wh[0]), Double.parseDouble(wh[1]), false, 0.6, 0.64))));
        WorkbenchViewModel vm = session[0].vm();
        String scenario = args.length > 4 ? args[2] : "layer-bug";
        String name = "layout-" + size + (args.length > 4 ? "-" + scenario : "");
        onFx(() -> vm.openPair(Captures.dir(scenario, args.length > 4 ? args[3] : "baseline"), Captures.dir(scenario, args.length > 4 ? args[4] : "candidate")));
        Screenshots.await(() -> vm.comparison() != null, 60);
        onFx(vm::goToFirstDivergence);
        shoot(out, name);
        onFx(() -> {
            var table = session[0].window().table();
            table.lookupAll(".scroll-bar").stream()
                    .filter(n -> n instanceof ScrollBar b && b.getOrientation() == Orientation.HORIZONTAL)
                    .map(ScrollBar.class::cast).findFirst().ifPresent(b -> b.setValue(b.getMax()));
            session[0].window().lookup("#filter").requestFocus();
        });
        shoot(out, name + "-scrolled");
        Platform.exit();
        System.exit(0);
    }
}
