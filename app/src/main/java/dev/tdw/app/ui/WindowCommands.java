package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.table.StageRow;

/** What the menu bar, the tool bar and the row menu ask of the window: dialogs, tabs and focus. */
interface WindowCommands {
    void chooseCapture(Side side);

    void openDemo();

    void chooseReport();

    void focusFilter();

    void showDetail();

    void showScan();

    void showTensors(String tensorKey);

    void showInChart(StageRow row);

    void showDevicePanel();

    void openReplay(StageRow row, Side side);

    void showKeys();

    void showAbout();
}
