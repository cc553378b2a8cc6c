package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.scene.control.TreeTableRow;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A row is styled again only for a pseudo-class a stylesheet could style it by ({@link NamedPseudoClasses},
 * {@link StyleWatch}): its selection, but not its status or kind, which the workbench's stylesheet paints on the row's
 * tints, texts, badges and arrow, not the mouse passing over it, and not modena's {@code :expanded} once the row's arrow
 * is not modena's. Those nodes are styled alone for theirs.
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
        Node tint = Fx.call(() -> row.lookup("." + StageRowSkin.TINT));
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(tint, state("status-divergent"))), "workbench.css colours divergent rows' tints");
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(row, state("status-divergent"))), "but not the row");
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(row, state("layer-group"))));
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(text, StageRowSkin.LAYER_GROUP)), "a group's texts are bold");
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(row, state("expanded"))),
                "modena turns its own arrow by a row's :expanded, and the rows have none of modena's arrows");
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
        Fx.run(() -> flip(row, "status-only-left"));
        Fx.run(() -> flip(row, "expanded"));
        assertTrue(Fx.call(watch::isClean), "nothing to style again");
        Node tint = Fx.call(() -> row.lookup("." + StageRowSkin.TINT));
        Fx.run(() -> flip(tint, "status-only-left"));
        assertFalse(Fx.call(watch::isClean), "the tint's colour changes");
        Fx.run(watch::restyle);
        assertTrue(Fx.call(watch::isClean));
        // Flipped and read in one go: a pulse in between may restyle the row on its own.
        assertFalse(Fx.call(() -> {
            flip(row, "selected");
            return watch.isClean();
        }), "the selection colours the row");
    }

    /**
     * A part of a selector that is not its last names a pseudo-class for a node only while something under the node
     * could match the next part: modena's {@code .tree-table-row-cell:expanded > .tree-disclosure-node > .arrow} does
     * not make a row styled again by {@code :expanded} when the row holds no {@code .tree-disclosure-node}.
     */
    @Test
    void anAncestorsPseudoClassIsNamedOnlyWhileANodeUnderItCouldMatchTheRest(@TempDir Path dir) throws Exception {
        Path css = Files.writeString(dir.resolve("ancestor.css"), ".tdw-outer:tdw-open > .tdw-inner { -fx-padding: 3; }");
        StackPane outer = new StackPane(), inner = new StackPane();
        outer.getStyleClass().add("tdw-outer");
        inner.getStyleClass().add("tdw-inner");
        Fx.run(() -> {
            Scene scene = new Scene(new StackPane(outer));
            scene.getStylesheets().add(css.toUri().toString());
        });
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(outer, state("tdw-open"))), "nothing under it to style");
        Fx.run(() -> outer.getChildren().add(new StackPane(inner)));
        assertTrue(Fx.call(() -> NamedPseudoClasses.named(outer, state("tdw-open"))), "a node under it matches the next part");
        assertFalse(Fx.call(() -> NamedPseudoClasses.named(inner, state("tdw-open"))), "the last part names no pseudo-class");
    }
}
