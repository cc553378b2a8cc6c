package dev.tdw.app.ui.table;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableSet;
import javafx.collections.SetChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Parent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Styles a node and everything under it again only where that may be needed: a node that changed a pseudo-class or a
 * style class, or joined the subtree (a node new to the scene is styled from scratch), since the last {@link #restyle}.
 * The table's rows use it instead of the styling JavaFX forces on the whole row, its cells, their texts and badges,
 * every time it moves the row to another stage ({@link StageTableSkin}); most of a row keeps its classes from stage to
 * stage and only changes text, which needs no styling. JavaFX still decides how far a change reaches: styling a node
 * starts at its highest ancestor whose own state changed.
 *
 * <p>{@code :odd} and {@code :even} are ignored: they flip on every row and cell whenever the table scrolls by an odd
 * number of rows, and neither modena nor the workbench's stylesheet styles tree-table rows or cells by them (a rule
 * that did would need them watched again; {@code StageTableViewUiTest} compares reused rows' styles with fresh ones).
 * Nor is a change of a pseudo-class that no stylesheet could style the node by ({@link NamedPseudoClasses}): the mouse
 * resting over rows that scroll under it ({@code :hover}), a row moving between a stage whose status colours nothing (an
 * alias layout, no summary) and one without findings.
 */
final class StyleWatch {
    private static final Set<PseudoClass> IGNORED = Set.of(PseudoClass.getPseudoClass("odd"), PseudoClass.getPseudoClass("even"));

    private final Node root;
    private final Set<Node> watched = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The pseudo-class sets' views listened to: a view hands its backing set only a weak listener. */
    private final List<ObservableSet<PseudoClass>> views = new ArrayList<>();
    /** Nodes to style again, in the order they changed. */
    private final Set<Node> changed = Collections.newSetFromMap(new IdentityHashMap<>());
    private final ListChangeListener<Node> children = c -> {
        while (c.next()) {
            // A skin setting its children to the same nodes again (a label's text does) moves nothing.
            if (c.wasReplaced() && sameNodes(c.getRemoved(), c.getAddedSubList())) continue;
            for (Node added : c.getAddedSubList()) {
                watch(added);
                changed.add(added);
            }
        }
    };

    /** Watches {@code root} and its descendants, now and to come; nothing is styled before the first {@link #restyle}. */
    StyleWatch(Node root) {
        this.root = root;
        watch(root);
        changed.add(root);
    }

    private void watch(Node node) {
        if (!watched.add(node)) return;
        ObservableSet<PseudoClass> states = node.getPseudoClassStates();
        views.add(states);
        states.addListener((SetChangeListener<PseudoClass>) c -> {
            PseudoClass state = c.wasAdded() ? c.getElementAdded() : c.getElementRemoved();
            if (IGNORED.contains(state) || !NamedPseudoClasses.named(node, state)) return;
            changed.add(node);
        });
        node.getStyleClass().addListener((javafx.beans.InvalidationListener) o -> changed.add(node));
        if (node instanceof Parent p) {
            p.getChildrenUnmodifiable().addListener(children);
            p.getChildrenUnmodifiable().forEach(this::watch);
        }
    }

    private static boolean sameNodes(List<? extends Node> a, List<? extends Node> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }

    /** Whether nothing changed that needs styling since the last {@link #restyle}. */
    boolean isClean() { return changed.isEmpty(); }

    /**
     * Applies CSS to what changed since the last call (the whole subtree if the root did), and to nothing else. Does
     * nothing while the root is not in a scene: joining one styles it anyway.
     */
    void restyle() {
        if (root.getScene() == null || changed.isEmpty()) return;
        // Styling may change the subtree again (a skin adds its children): that is watched for the next call.
        List<Node> now = List.copyOf(changed);
        changed.clear();
        if (now.contains(root)) {
            root.applyCss();
            return;
        }
        Set<Node> styled = Collections.newSetFromMap(new IdentityHashMap<>());
        styled.addAll(now);
        for (Node n : now) {
            if (n.getScene() != null && !underAnother(n, styled)) n.applyCss();
        }
    }

    /** Whether an ancestor of {@code n} below the root is styled too (styling it styles {@code n}). */
    private boolean underAnother(Node n, Set<Node> styled) {
        for (Node p = n.getParent(); p != null && p != root; p = p.getParent()) if (styled.contains(p)) return true;
        return false;
    }
}
