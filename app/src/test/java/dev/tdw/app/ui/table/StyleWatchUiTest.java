package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.TreeTableRow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A row is styled again only for a pseudo-class a stylesheet could style it by ({@link NamedPseudoClasses},
 * {@link StyleWatch}): its status colours (the workbench's stylesheet), a group's arrow (modena's {@code :expanded}),
 * but not the mouse passing over it nor a status that colours only badges.
 */
@ExtendWith(ApplicationExtension.class)
class StyleWatchUiTest {
    private static final String CACHE = "layers.3.self_attn.kv_cache#0";

    private final StringProperty selected = new SimpleStringProperty();
    private StageTableView table;

    @Start
    void start(Stage stage) {
        table = LayerBugTable.create(selected);
        LayerBugTable.show(stage, table, 1000, 500);
    }

    /** The cache's row, shown (selected, so the table scrolls to it). */
    private TreeTableRow<?> cacheRow() {
        Fx.run(() -> selected.set(CACHE));
        TreeTableRow<?> row = LayerBugTable.row(table, CACHE);
        LayerBugTable.pulse(table);
        return row;
    }

    private static PseudoClass state(String name) { return PseudoClass.getPseudoClass(name); }

    /** Turns a pseudo-class of {@code node} on or off, whichever changes it. */
    private static void flip(Node node, String name) {
        node.pseudoClassStateChanged(state(name), !node.getPseudoClassStates().contains(state(name)));
    }

    @Test
    void onlyPseudoClassesAStylesheetCouldStyleANodeByAreNamedForIt() {
        TreeTableRow<?> row = cacheRow();
        Node badge = Fx.call(() -> row.lookupAll(".badge").stream().filter(Node::isVisible).findFirst().orElseThrow());
        Node text = Fx.call(() -> row.lookup("." + StageRowSkin.TEXT));
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(row, state("status-divergent"))), "workbench.css colours divergent rows");
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(row, state("expanded"))), "modena turns a group's arrow");
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(row, state("selected"))));
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(badge, state("status-no-summary"))), "a badge is coloured by it");
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(text, StageRowSkin.DIVERGES)));
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(row, state("status-no-summary"))), "only badges are coloured by it");
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(row, state("status-alias-stride-conflict"))));
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(row, state("hover"))), "no stylesheet styles a table row under the mouse");
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(new javafx.scene.layout.Region(), state("hover"))), "in no scene: assumed named");
    }

    @Test
    void aRowIsStyledAgainOnlyForAPseudoClassThatCouldStyleIt() {
        TreeTableRow<?> row = cacheRow();
        StyleWatch watch = ((StageTableSkin.Styled) row).styleWatch();
        Fx.run(watch::restyle);
        assertTrue(Fx.call(watch::isClean));
        Fx.run(() -> flip(row, "hover"));
        Fx.run(() -> flip(row, "status-no-summary"));
        assertTrue(Fx.call(watch::isClean), "nothing to style again");
        Fx.run(() -> flip(row, "status-only-left"));
        assertFalse(Fx.call(watch::isClean), "the row's colour changes");
        Fx.run(watch::restyle);
        assertTrue(Fx.call(watch::isClean));
    }
}
