package dev.tdw.app.ui.widget;

import dev.tdw.app.ui.replay.CapturedInput;
import dev.tdw.app.ui.testing.Fx;
import javafx.collections.FXCollections;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Issue 31: the lists of the window (captured inputs of the replay dialog, the logs of a capture run) show their items
 * through {@link Labels#cells}: bidi, invisible and control characters as escapes, one line per item.
 */
@ExtendWith(ApplicationExtension.class)
class SafeCellsUiTest {
    @Start
    void start(Stage stage) {}

    private static <T> String shown(List<T> items, int index) {
        return Fx.call(() -> {
            ListView<T> list = new ListView<>(FXCollections.observableArrayList(items));
            ListCell<T> cell = Labels.<T>cells().call(list);
            cell.updateListView(list);
            cell.updateIndex(index);
            return cell.getText();
        });
    }

    @Test
    void aCapturedInputsNameAndALogLineAreShownEscaped() {
        assertEquals("x\\u202e\\u200b: torch.float32 [2]", shown(List.of(new CapturedInput("x\u202e\u200b", true, "torch.float32 [2]")), 0));
        assertEquals("answer\\u001b[2J \\u2066\\ufeff\\u000aforged", shown(List.of("answer\u001b[2J \u2066\ufeff\nforged"), 0));
        assertNull(shown(List.of("a"), 3), "an empty row shows nothing");
    }
}
