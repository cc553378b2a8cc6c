package dev.tdw.app.ui.history;

import dev.tdw.app.ui.device.FxTestSupport;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.history.Step;
import dev.tdw.model.history.StepKind;
import dev.tdw.model.testing.ReplayRuns;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The History tab lists the one history as it changes, replays among the other steps, and says when steps were dropped. */
class HistoryViewTest {
    static final Instant T0 = Instant.parse("2026-12-03T07:00:00Z");

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    @Test
    @SuppressWarnings("unchecked")
    void listsEveryStepInOrderAsTheHistoryGrows() {
        ReadOnlyObjectWrapper<InvestigationHistory> history = new ReadOnlyObjectWrapper<>(InvestigationHistory.EMPTY);
        HistoryView view = call(() -> new HistoryView(history.getReadOnlyProperty()));
        TableView<Step> table = call(() -> (TableView<Step>) view.lookup("#history-table"));
        Label dropped = call(() -> (Label) view.lookup("#history-dropped"));
        assertTrue(call(() -> table.getItems().isEmpty()));
        assertTrue(call(() -> ((Label) table.getPlaceholder()).getText()).startsWith("No steps yet"));

        Step comparison = new Step(T0, StepKind.COMPARISON, "baseline vs candidate", "DIVERGENT at add_rms_norm#3");
        Step replay = Step.replay(ReplayRuns.of("add_rms_norm#3", "right", T0.plusSeconds(60), TensorsVerdict.FAIL), T0);
        run(() -> history.set(history.get().with(comparison).with(replay)));
        assertEquals(List.of(comparison, replay), call(() -> List.copyOf(table.getItems())));
        assertEquals(List.of("2026-12-03T07:01:00Z", "replay", "add_rms_norm#3 (right capture's input set)", replay.finding()),
                call(() -> table.getColumns().stream().map(c -> String.valueOf(c.getCellData(1))).toList()));
        assertFalse(call(dropped::isVisible));

        run(() -> history.set(new InvestigationHistory(List.of(replay), 7)));
        assertTrue(call(dropped::isVisible));
        assertEquals("7 earlier steps not kept (the history keeps the last 1000)", call(dropped::getText));
    }
}
