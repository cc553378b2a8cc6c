package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.next.CaptureHereItem;
import dev.tdw.app.ui.table.StageRow;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** The stage table's right-click menu for one row: copy, show in chart, detail, tensors, the next capture at this stage, and replay of an input set. */
final class RowContextMenu extends ContextMenu {
    RowContextMenu(WorkbenchViewModel vm, StageRow row, WindowCommands commands) {
        MenuItem copy = new MenuItem("Copy Key");
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(row.key());
            Clipboard.getSystemClipboard().setContent(c);
            vm.setStatus("Copied " + row.key());
        });
        MenuItem inChart = new MenuItem("Show in Chart");
        inChart.setOnAction(e -> {
            vm.select(row.key());
            commands.showInChart(row);
        });
        MenuItem detail = new MenuItem("Open Detail");
        detail.setOnAction(e -> {
            vm.select(row.key());
            commands.showDetail();
        });
        MenuItem tensors = new MenuItem("Open Tensors");
        var tensorKey = vm.tensors().keyFor(row.key());
        tensors.setDisable(tensorKey.isEmpty());
        tensors.setOnAction(e -> {
            vm.select(row.key());
            commands.showTensors(tensorKey.orElseThrow());
        });
        MenuItem captureHere = CaptureHereItem.of("capture-tensors-here", vm.nextCaptureAt(row.key()), commands::openNextCaptureAt);
        getItems().addAll(copy, inChart, detail, tensors, captureHere);
        if (row.isInputSet()) {
            getItems().add(new SeparatorMenuItem());
            for (Side side : new Side[]{Side.RIGHT, Side.LEFT}) {
                MenuItem replay = new MenuItem("Replay the " + side.word() + " input set…");
                replay.setId("replay-" + side.word());
                replay.setDisable(!vm.canReplay(row, side));
                replay.setOnAction(e -> commands.openReplay(row, side));
                getItems().add(replay);
            }
        }
    }
}
