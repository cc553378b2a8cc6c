package dev.tdw.app.ui.table;

import javafx.css.PseudoClass;
import javafx.scene.layout.StackPane;

/**
 * A layer group's disclosure arrow, drawn as modena draws a tree-table row's ({@code workbench.css}) but turned by a
 * pseudo-class of its own ({@code :open}) rather than by its row's {@code :expanded}. Modena's arrow makes every
 * row's {@code :expanded} a state its styles depend on, and a row that changes it (a stage and a group swapping rows
 * while the table scrolls) is styled again whole, its texts and badges too; this one is styled alone
 * ({@link NamedPseudoClasses}, {@link StyleWatch}). Its look is a copy of modena's rules, so a stylesheet that restyles
 * modena's {@code .tree-disclosure-node > .arrow} does not reach it: restyle {@code .group-disclosure-arrow} too.
 */
final class GroupArrow extends StackPane {
    private static final PseudoClass OPEN = PseudoClass.getPseudoClass("open");

    GroupArrow() {
        getStyleClass().setAll("group-disclosure");
        StackPane arrow = new StackPane();
        arrow.getStyleClass().setAll("group-disclosure-arrow");
        getChildren().add(arrow);
        // As modena's: a click on it reaches the row, whose behaviour expands or collapses the group.
        setMouseTransparent(true);
    }

    /** Points down for an expanded group, right for a collapsed one. */
    void open(boolean open) {
        pseudoClassStateChanged(OPEN, open);
    }
}
