package dev.tdw.app.ui;

import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.table.StageRow;

/** What the menu bar, the tool bar and the row menu ask of the window: dialogs, tabs and focus. */
interface WindowCommands {
    void chooseCapture(Side side);

    void openDemo();

    /** File > Open Remote…: captures on a host over SSH. */
    void openRemote();

    void chooseReport();

    void focusFilter();

    void showDetail();

    void showScan();

    void showTensors(String tensorKey);

    void showInChart(StageRow row);

    void showDevicePanel();

    void openReplay(StageRow row, Side side);

    /** "Capture tensors here" at a stage, or at the first divergence when {@code key} is null. */
    void openNextCapture(String key);

    /** "Capture tensors here" at a place of the capture-set views (a cell of the ranks overview, a run beyond noise). */
    void openNextCaptureAt(CaptureHere target);

    void showKeys();

    void showAbout();
}
