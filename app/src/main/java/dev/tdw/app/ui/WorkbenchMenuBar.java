package dev.tdw.app.ui;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.about.AppInfo;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.table.StageTableView;
import dev.tdw.app.ui.table.Statistics;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;

import java.util.List;

/** File, View, Device and Help; every accelerator of the window is declared here (the keys dialog lists them from here). */
final class WorkbenchMenuBar extends MenuBar {
    private final WorkbenchViewModel vm;
    private final Menu recentMenu = new Menu("Open Recent");

    WorkbenchMenuBar(WorkbenchViewModel vm, StageTableView table, WindowCommands commands) {
        this.vm = vm;
        setId("menu-bar");
        recentMenu.setId("recent-menu");
        MenuItem openLeft = item("Open Left Capture…", "Shortcut+O", () -> commands.chooseCapture(Side.LEFT));
        MenuItem openRight = item("Open Right Capture…", "Shortcut+Shift+O", () -> commands.chooseCapture(Side.RIGHT));
        MenuItem remote = item("Open Remote…", null, commands::openRemote);
        MenuItem demo = item("Open Demo Pair", null, commands::openDemo);
        MenuItem swap = item("Swap Sides", "Shortcut+Shift+S", vm::swapSides);
        MenuItem save = item("Save Report…", "Shortcut+S", commands::chooseReport);
        save.disableProperty().bind(vm.comparisonProperty().isNull());
        MenuItem quit = item("Quit", "Shortcut+Q", Platform::exit);
        Menu file = new Menu("File", null, openLeft, openRight, remote, recentMenu, demo, new SeparatorMenuItem(), swap,
                new SeparatorMenuItem(), save, new SeparatorMenuItem(), quit);

        CheckMenuItem divergentOnly = new CheckMenuItem("Divergent Only");
        divergentOnly.setAccelerator(KeyCombination.keyCombination("Shortcut+D"));
        divergentOnly.selectedProperty().bindBidirectional(vm.table().divergentOnlyProperty());
        CheckMenuItem logScale = new CheckMenuItem("Chart Log Scale");
        logScale.setAccelerator(KeyCombination.keyCombination("Shortcut+L"));
        logScale.selectedProperty().bindBidirectional(vm.chart().logScaleProperty());
        Menu columns = new Menu("Statistic Columns");
        for (String stat : Statistics.ORDER) {
            CheckMenuItem c = new CheckMenuItem(stat);
            c.selectedProperty().bindBidirectional(table.statisticColumn(stat).visibleProperty());
            columns.getItems().add(c);
        }
        MenuItem first = item("First Divergence", "F", vm::goToFirstDivergence);
        MenuItem next = item("Next Divergent Stage", "N", vm::goToNextDivergent);
        MenuItem previous = item("Previous Divergent Stage", "P", vm::goToPreviousDivergent);
        MenuItem tensorMismatch = item("First Tensor Mismatch", "T", () -> vm.goToFirstTensorMismatch().ifPresent(commands::showTensors));
        MenuItem focusFilter = item("Filter Stages…", "Shortcut+F", commands::focusFilter);
        MenuItem detail = item("Stage Detail", "Shortcut+1", commands::showDetail);
        MenuItem scanTab = item("Scan", "Shortcut+2", commands::showScan);
        MenuItem tensorsTab = item("Tensors", "Shortcut+3", () -> commands.showTensors(null));
        Menu view = new Menu("View", null, first, next, previous, tensorMismatch, new SeparatorMenuItem(), focusFilter, divergentOnly,
                columns, new SeparatorMenuItem(), detail, scanTab, tensorsTab, new SeparatorMenuItem(), logScale);

        MenuItem panel = item("Device Panel…", "Shortcut+Shift+D", commands::showDevicePanel);
        panel.setId("device-panel-item");
        MenuItem replay = item("Replay Selected Input Set…", "Shortcut+R", () -> vm.table().rows().find(vm.selectedKeyProperty().get())
                .ifPresent(r -> commands.openReplay(r, vm.canReplay(r, Side.RIGHT) ? Side.RIGHT : Side.LEFT)));
        replay.disableProperty().bind(Bindings.createBooleanBinding(() -> vm.table().rows()
                        .find(vm.selectedKeyProperty().get())
                        .map(r -> !vm.canReplay(r, Side.RIGHT) && !vm.canReplay(r, Side.LEFT)).orElse(true),
                vm.selectedKeyProperty(), vm.comparisonProperty()));
        MenuItem captureFirst = item("Capture Tensors at First Divergence…", "Shortcut+Shift+T", () -> commands.openNextCapture(null));
        captureFirst.setId("capture-first-divergence-item");
        captureFirst.disableProperty().bind(vm.comparisonProperty().isNull());
        Menu device = new Menu("Device", null, panel, replay, captureFirst);
        device.setId("device-menu");

        MenuItem keys = item("Keys", "F1", commands::showKeys);
        keys.setId("keys-item");
        MenuItem about = item("About " + AppInfo.NAME, null, commands::showAbout);
        about.setId("about-item");
        Menu help = new Menu("Help", null, keys, about);
        getMenus().addAll(file, view, device, help);
        vm.recent().addListener((ListChangeListener<RecentCaptures.Entry>) c -> updateRecentMenu());
        updateRecentMenu();
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem m = new MenuItem(Labels.name(text));
        if (accelerator != null) m.setAccelerator(KeyCombination.keyCombination(accelerator));
        m.setOnAction(e -> action.run());
        return m;
    }

    private void updateRecentMenu() {
        recentMenu.getItems().clear();
        List<String> labels = RecentCaptures.labels(vm.recent());
        for (int i = 0; i < labels.size(); i++) {
            RecentCaptures.Entry e = vm.recent().get(i);
            MenuItem m = new MenuItem(Labels.name(labels.get(i)));
            m.setMnemonicParsing(false);
            m.setOnAction(x -> vm.openRecent(e));
            recentMenu.getItems().add(m);
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }
}
