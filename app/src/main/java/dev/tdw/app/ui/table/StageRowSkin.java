package dev.tdw.app.ui.table;

import dev.tdw.app.ui.widget.Labels;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.SetChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.AccessibleAttribute;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.skin.TreeTableRowSkin;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stage-table row drawn as one node: a text per column and the status badges, placed from the columns' widths
 * ({@link RowColumns}), instead of a {@code TreeTableCell} per column; the columns' rules are drawn once over all rows
 * ({@link ColumnRules}). The table keeps its header, column resizing and reordering, selection, focus, keys and tree;
 * the row keeps its behaviour (clicks select, the arrow expands). Moving a row to another stage sets the texts that
 * changed and lays them out again; a cell per column went through the cell's update chain, its skin and its text
 * layout every time, about 1 ms per row. Only the columns in view hold a text in the row: one scrolled out of view
 * leaves the row (as the stock row skin takes out-of-view cells out of the scene when cells have a fixed size), so a
 * row moved to another stage words, styles and bounds only what it shows.
 *
 * <p>Looks as the stock cells did: the texts sit at modena's tree-table cell insets, numbers right-aligned
 * ({@code number-column}), a text too long for its column ends in "..." (a stage key loses its start, which tells the
 * least), and the stage column's cell is opaque and pinned left ({@link FrozenColumn}).
 *
 * <p>What differs from row to row is carried by the nodes it changes, never by the row: the status colour by two tints
 * (one under the row, one in the pinned stage cell), a group's bold by the stage text and the badges, its arrow's turn
 * by the arrow ({@link GroupArrow}). JavaFX styles a node whose own state changed again with everything under it, so a
 * row that changed status or kind was styled whole on a scroll step (its texts, badges and cells: a fifth of a step);
 * now only those few nodes are.
 *
 * <p>Over 300 lines on purpose: the layout, clipping and styling of every column's text is one measured hot path
 * (bench/); what can stand alone already does ({@link RowColumns}, {@link ColumnRules}, {@link FrozenColumn},
 * {@link GroupArrow}).
 */
final class StageRowSkin extends TreeTableRowSkin<RowNode> {
    static final PseudoClass DIVERGES = PseudoClass.getPseudoClass("diverges");
    /** On a layer group's stage text and badges: the stylesheet sets them in bold. */
    static final PseudoClass LAYER_GROUP = PseudoClass.getPseudoClass("layer-group");
    /** Set on a row by the stock row while its tree item is expanded. */
    private static final PseudoClass EXPANDED = PseudoClass.getPseudoClass("expanded");
    /** Style class of the regions that paint a row's status colour. */
    static final String TINT = "status-tint";
    /** Style class of a column's text in a row. */
    static final String TEXT = "row-text";
    /** Where a stock cell put its text: modena's padding (3 2 1 2) in a 1 px border, centred as its label did. */
    private static final double TOP = 3, RIGHT = 3, BOTTOM = 3, LEFT = 3;
    /** {@code Labeled}'s default ellipsis, as the cells showed it. */
    private static final String ELLIPSIS = "...";
    /** Measures clipped texts (FX thread only). */
    private static final Text MEASURE = new Text();

    private final RowColumns columns;
    private final FrozenColumn frozen;
    private final TreeTableColumn<RowNode, ?> stageColumn;
    private final TreeTableColumn<RowNode, ?> statusColumn;
    private final Box content = new Box();
    private final Box stageCell = new Box();
    /** The stage cell's right edge and bottom line: thin regions of one colour each, which draw as plain rectangles. */
    private final Region stageEdge = new Region(), stageBottom = new Region();
    /** The row's status colour: under the whole row, and over the pinned stage cell's opaque background. */
    private final Region rowTint = new Region(), stageTint = new Region();
    private final Slot stage = new Slot(null, false);
    private final HBox badges = new HBox(4);
    /** A row's badges: its findings' and the tensor verdict's ({@link StageTableViewModel#badges}). */
    private final java.util.function.Function<RowNode, List<StatusBadge>> badgesOf;
    private final Tooltip tip = new Tooltip();
    private final Rectangle badgeClip = new Rectangle();
    private final Map<TreeTableColumn<?, ?>, Slot> slots = new IdentityHashMap<>();
    private VirtualFlow<?> flow;
    /** Turns the group's arrow with the row's pseudo-classes (see the constructor). */
    private final SetChangeListener<PseudoClass> arrowTurn = c -> turnArrow();
    /** The badges the labels show now (null before the first), and whether for a layer group. */
    private List<StatusBadge> badgesShown;
    private boolean badgesOfGroup;

    StageRowSkin(TreeTableRow<RowNode> row, RowColumns columns, FrozenColumn frozen,
                 TreeTableColumn<RowNode, ?> stageColumn, TreeTableColumn<RowNode, ?> statusColumn,
                 java.util.function.Function<RowNode, List<StatusBadge>> badgesOf) {
        super(row);
        this.badgesOf = badgesOf;
        this.columns = columns;
        this.frozen = frozen;
        this.stageColumn = stageColumn;
        this.statusColumn = statusColumn;
        stageCell.getStyleClass().add("stage-cell");
        stageEdge.getStyleClass().add("stage-cell-edge");
        stageBottom.getStyleClass().add("stage-cell-bottom");
        stageEdge.setManaged(false);
        stageBottom.setManaged(false);
        for (Region tint : new Region[]{rowTint, stageTint}) {
            tint.getStyleClass().add(TINT);
            tint.setManaged(false);
        }
        stageCell.getChildren().addAll(stageTint, stage.text, stageEdge, stageBottom);
        stageCell.setManaged(false);
        frozen.pin(stageCell);
        badges.setManaged(false);
        Tooltip.install(badges, tip);
        content.getChildren().addAll(badges, stageCell);
        content.setManaged(false);
        getChildren().addAll(0, List.of(rowTint, content));
        registerInvalidationListener(row.itemProperty(), o -> update());
        registerInvalidationListener(columns.stripProperty(), o -> update());
        registerInvalidationListener(columns.disclosureWidthProperty(), o -> row.requestLayout());
        // Scrolled sideways: columns coming into view get their texts placed.
        registerInvalidationListener(frozen.offsetProperty(), o -> row.requestLayout());
        // The group's arrow turns as the row's :expanded, which the row keeps from its tree item. Not through
        // registerInvalidationListener: it keys what it watches by equals, and a set's changes with its contents.
        row.getPseudoClassStates().addListener(arrowTurn);
        update();
    }

    /** No cells: the row draws its columns itself. */
    @Override
    protected ObservableList<TreeTableColumn<RowNode, ?>> getVisibleLeafColumns() {
        return FXCollections.emptyObservableList();
    }

    /** A column's text in this row, as the row shows it (clipped), or null when the column is out of view or empty. */
    String shownText(TreeTableColumn<?, ?> column) {
        Slot slot = column == stageColumn ? stage : slots.get(column);
        return slot == null || slot.text.getParent() == null || !slot.text.isVisible() ? null : slot.text.getText();
    }

    /** A column's text for this row in full, in view or not, or null when the column shows none. */
    String fullText(TreeTableColumn<?, ?> column) {
        String full;
        if (column == stageColumn) {
            full = stage.full;
        } else {
            RowColumns.Content what = columns.content(column);
            RowNode n = getSkinnable().getItem();
            full = what == null || n == null ? null : what.text().apply(n);
        }
        return full == null || full.isEmpty() ? null : full;
    }

    /** Takes in the row's item: the words of the columns in view, their divergences, and the badges. */
    private void update() {
        TreeTableRow<RowNode> row = getSkinnable();
        // The item alone: a row filled again takes its item before it stops being empty, and this runs on the item.
        RowNode n = row.getItem();
        stage.full = n == null ? "" : StageTableViewModel.label(n);
        // A group keeps its start (the layer's name); a key keeps both ends (the layer and the op with its occurrence).
        stage.overrun = n instanceof RowNode.Leaf ? OverrunStyle.CENTER_ELLIPSIS : OverrunStyle.ELLIPSIS;
        boolean group = n instanceof RowNode.Group;
        stage.text.pseudoClassStateChanged(LAYER_GROUP, group);
        RowStatus colour = n == null ? null : StageTableViewModel.colour(n);
        RowStatus.show(rowTint, colour);
        RowStatus.show(stageTint, colour);
        showBadges(n == null ? List.of() : badgesOf.apply(n), group);
        turnArrow();
        // A group's arrow joins the row here, before the row is styled; the layout only places it.
        Node disclosure = row.getDisclosureNode();
        TreeItem<RowNode> item = row.getTreeItem();
        if (disclosure != null && n != null && item != null && !item.isLeaf() && disclosure.getParent() == null) getChildren().add(disclosure);
        // The columns in view take their words here, before the row is styled (a divergence is a pseudo-class); the
        // others are worded when they come into view (layoutChildren).
        for (Slot slot : slots.values()) {
            if (slot.text.getParent() != null) word(slot);
            else slot.worded = false;
        }
        row.requestLayout();
    }

    /** Takes a column's words and divergence for the row's item. */
    private void word(Slot slot) {
        RowNode n = getSkinnable().getItem();
        RowColumns.Content what = columns.content(slot.column);
        String text = n == null || what == null ? null : what.text().apply(n);
        slot.full = text == null ? "" : text;
        // Set each time, changed or not: setting a pseudo-class to what it is changes nothing.
        slot.text.pseudoClassStateChanged(DIVERGES, n != null && what != null && what.diverges().test(n));
        slot.worded = true;
    }

    private Slot slotFor(TreeTableColumn<?, ?> column) {
        Slot slot = new Slot(column, column.getStyleClass().contains("number-column"));
        // As a cell took its column's style classes (number-column: monospaced).
        for (String s : column.getStyleClass()) if (!s.equals("table-column")) slot.text.getStyleClass().add(s);
        return slot;
    }

    /**
     * A column come into view: its text joins the row, worded, and is styled at once, as this pulse's styling has run
     * (a scroll to the right, a wider table, a column shown or moved; not a move to another stage).
     */
    private void join(Slot slot) {
        if (!slot.worded) word(slot);
        content.getChildren().add(slot.text);
        slot.text.applyCss();
    }

    /** Turns the group's arrow as the row's {@code :expanded} says. */
    private void turnArrow() {
        if (getSkinnable().getDisclosureNode() instanceof GroupArrow arrow) {
            arrow.open(getSkinnable().getPseudoClassStates().contains(EXPANDED));
        }
    }

    /**
     * Badges are kept and refilled, and labels a row does not need are hidden rather than removed: a node added to the
     * scene is styled from scratch, which a scroll step cannot afford for every row.
     */
    private void showBadges(List<StatusBadge> shown, boolean group) {
        // Rows next to each other often carry the same findings: the labels and the tooltip already say them.
        if (shown.equals(badgesShown) && group == badgesOfGroup) return;
        badgesShown = shown;
        badgesOfGroup = group;
        while (badges.getChildren().size() < shown.size()) badges.getChildren().add(new Label());
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < badges.getChildren().size(); i++) {
            Label label = (Label) badges.getChildren().get(i);
            boolean on = i < shown.size();
            label.setVisible(on);
            label.setManaged(on);
            if (!on) continue;
            Badges.fill(label, shown.get(i));
            label.pseudoClassStateChanged(LAYER_GROUP, group);
            text.append(i == 0 ? "" : "\n").append(shown.get(i).text());
        }
        tip.setText(Labels.safe(text.toString()));
        // Without badges the tooltip would be an empty box: the mouse then passes through to the row.
        badges.setMouseTransparent(shown.isEmpty());
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        // Not the stock layout: on every move to another row it sets the row's children to its cells (none here),
        // which would take this row's node out of the scene and style it from scratch when it comes back.
        TreeTableRow<RowNode> row = getSkinnable();
        if (rowTint.getParent() != row) getChildren().add(0, rowTint);
        if (content.getParent() != row) getChildren().add(1, content);
        rowTint.resizeRelocate(0, 0, row.getWidth(), row.getHeight());
        RowColumns.Strip strip = columns.strip();
        double[] widths = new double[strip.widths().length];
        double total = 0;
        for (int i = 0; i < widths.length; i++) total += widths[i] = snapSizeX(strip.widths()[i]);
        content.resizeRelocate(x, 0, total, h);
        double from = frozen.offsetProperty().get(), to = from + viewportWidth(total);
        boolean stageShown = false, statusShown = false;
        for (Slot slot : slots.values()) slot.inView = false;
        double cx = 0;
        for (int i = 0; i < widths.length; i++) {
            TreeTableColumn<RowNode, ?> c = strip.columns().get(i);
            double cw = widths[i];
            if (c == stageColumn) {
                stageShown = true;
                layoutStage(cx, cw, h);
            } else if (c == statusColumn) {
                statusShown = true;
                double bw = badges.prefWidth(-1), bh = badges.prefHeight(-1);
                // A pixel above the middle, where the stock cell put its graphic.
                badges.resizeRelocate(snapPositionX(cx + LEFT), Math.floor((h - bh) / 2) - 1,
                        Math.max(bw, cw - LEFT - RIGHT), bh);
                // Badges wider than the column are cut at its edge, as the cell cut them.
                if (bw > cw - LEFT) {
                    badgeClip.setWidth(cw - LEFT);
                    badgeClip.setHeight(bh);
                    badges.setClip(badgeClip);
                } else {
                    badges.setClip(null);
                }
            } else if (cx < to && cx + cw > from && columns.content(c) != null) {
                Slot slot = slots.computeIfAbsent(c, this::slotFor);
                slot.inView = true;
                if (slot.text.getParent() == null) join(slot);
                // A group has no statistics: its texts stay in the row, hidden, for the next stage to fill.
                slot.text.setVisible(!slot.full.isEmpty());
                if (!slot.full.isEmpty()) place(slot, cx + LEFT, TOP, cw - LEFT - RIGHT, h - TOP - BOTTOM);
            }
            cx += cw;
        }
        // Out of view, or its column hidden: the text leaves the row until it is in view again.
        for (Slot slot : slots.values()) {
            if (!slot.inView && slot.text.getParent() != null) content.getChildren().remove(slot.text);
        }
        stageCell.setVisible(stageShown);
        badges.setVisible(statusShown);
        Node disclosure = row.getDisclosureNode();
        if (!stageShown && disclosure != null) disclosure.setVisible(false);
    }

    private void layoutStage(double cx, double cw, double h) {
        TreeTableRow<RowNode> row = getSkinnable();
        stageCell.resizeRelocate(cx, 0, cw, h);
        stageTint.resizeRelocate(0, 0, cw, h);
        stageEdge.resizeRelocate(cw - 1, 0, 1, h);
        stageBottom.resizeRelocate(0, h - 1, cw - 1, 1);
        TreeItem<RowNode> item = row.getTreeItem();
        int level = row.getTreeTableView() == null || item == null ? 0 : row.getTreeTableView().getTreeItemLevel(item);
        if (row.getTreeTableView() != null && !row.getTreeTableView().isShowRoot()) level--;
        double margin = Math.max(0, level) * getIndent();
        Node disclosure = row.getDisclosureNode();
        boolean arrow = disclosure != null && item != null && !item.isLeaf();
        if (disclosure != null) {
            disclosure.setVisible(arrow);
            if (arrow && disclosure.getParent() == null) {
                getChildren().add(disclosure);
                // Joined after this pulse's styling (as the stock skin does).
                disclosure.applyCss();
            }
        }
        if (arrow) {
            double dw = disclosure.prefWidth(h);
            if (dw > columns.disclosureWidthProperty().get()) columns.disclosureWidthProperty().set(dw);
            double dh = disclosure.prefHeight(dw);
            disclosure.resize(dw, dh);
            disclosure.relocate(cx + margin, (h - dh) / 2);
        }
        // As a tree cell indented its text: by the level and the widest arrow, whether this row has one or not.
        double indent = margin + columns.disclosureWidthProperty().get();
        stage.text.setVisible(!stage.full.isEmpty());
        if (!stage.full.isEmpty()) place(stage, LEFT + indent, TOP, cw - LEFT - RIGHT - indent, h - TOP - BOTTOM);
    }

    /** Sets a slot's text, clipped to {@code aw}, and puts it in its area as a cell's label did. */
    private void place(Slot slot, double ax, double ay, double aw, double ah) {
        Font font = slot.text.getFont();
        if (!slot.full.equals(slot.fittedFull) || aw != slot.fittedWidth || font != slot.fittedFont || slot.overrun != slot.fittedOverrun) {
            slot.text.setText(slot.full);
            if (slot.text.getLayoutBounds().getWidth() > aw) slot.text.setText(clip(slot.full, font, aw, slot.overrun));
            slot.fittedFull = slot.full;
            slot.fittedWidth = aw;
            slot.fittedFont = font;
            slot.fittedOverrun = slot.overrun;
        }
        // Sizes rounded up as a label rounds its text's: right-aligned numbers then end where they did.
        Bounds b = slot.text.getLayoutBounds();
        double tx = slot.right ? ax + aw - snapSizeX(b.getWidth()) : ax;
        slot.text.relocate(snapPositionX(tx), snapPositionY(ay + (ah - snapSizeY(b.getHeight())) / 2));
    }

    /**
     * The most characters of {@code full} that fit {@code width} with the ellipsis: at its end ({@code ELLIPSIS}), its
     * start ({@code LEADING_ELLIPSIS}) or in its middle ({@code CENTER_ELLIPSIS}, the start keeping the extra one).
     */
    static String clip(String full, Font font, double width, OverrunStyle overrun) {
        MEASURE.setFont(font);
        int lo = 0, hi = full.length();
        // Binary search for the most characters kept: the width grows with every character added.
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            MEASURE.setText(kept(full, mid, overrun));
            if (MEASURE.getLayoutBounds().getWidth() <= width) lo = mid;
            else hi = mid - 1;
        }
        if (lo == 0) {
            MEASURE.setText(ELLIPSIS);
            return MEASURE.getLayoutBounds().getWidth() <= width ? ELLIPSIS : "";
        }
        return kept(full, lo, overrun);
    }

    /** {@code full} with {@code n} of its characters kept and the ellipsis where the rest was. */
    private static String kept(String full, int n, OverrunStyle overrun) {
        return switch (overrun) {
            case LEADING_ELLIPSIS -> ELLIPSIS + full.substring(full.length() - n);
            case CENTER_ELLIPSIS -> full.substring(0, (n + 1) / 2) + ELLIPSIS + full.substring(full.length() - n / 2);
            default -> full.substring(0, n) + ELLIPSIS;
        };
    }

    /** How wide the table shows its rows; all of them when the row is not in a table yet. */
    private double viewportWidth(double total) {
        if (flow == null || flow.getScene() == null) {
            flow = null;
            for (Parent p = getSkinnable().getParent(); p != null; p = p.getParent()) {
                if (p instanceof VirtualFlow<?> f) {
                    flow = f;
                    break;
                }
            }
        }
        return flow == null ? total : flow.getWidth();
    }

    @Override
    protected double computePrefWidth(double height, double topInset, double rightInset, double bottomInset, double leftInset) {
        double width = leftInset + rightInset;
        for (double w : columns.strip().widths()) width += snapSizeX(w);
        return width;
    }

    @Override
    protected Object queryAccessibleAttribute(AccessibleAttribute attribute, Object... parameters) {
        // The stock answers look up cells, which these rows do not have: the columns' texts stand for them.
        switch (attribute) {
            case SELECTED_ITEMS:
                return getSkinnable().isSelected() ? FXCollections.observableArrayList(stage.text) : FXCollections.observableArrayList();
            case CELL_AT_ROW_COLUMN: {
                var table = getSkinnable().getTreeTableView();
                TreeTableColumn<RowNode, ?> column = table == null ? null : table.getVisibleLeafColumn((Integer) parameters[1]);
                if (column == stageColumn) return stage.text;
                if (column == null || columns.content(column) == null) return null;
                // Out of view too, as the stock row answers with its cell: the column's words whole, outside the scene.
                Slot slot = slots.computeIfAbsent(column, this::slotFor);
                if (slot.text.getParent() == null) {
                    word(slot);
                    slot.text.setText(slot.full);
                    slot.fittedFull = null;
                }
                return slot.text;
            }
            default:
                return super.queryAccessibleAttribute(attribute, parameters);
        }
    }

    @Override
    public void dispose() {
        getSkinnable().getPseudoClassStates().removeListener(arrowTurn);
        stageCell.translateXProperty().unbind();
        super.dispose();
    }

    /** A column's text in this row and what it was last fitted for. */
    private static final class Slot {
        final Text text = new Text();
        final TreeTableColumn<?, ?> column;
        final boolean right;
        String full = "";
        /** Whether {@link #full} and the divergence are the row's item's; in view they always are. */
        boolean worded;
        OverrunStyle overrun = OverrunStyle.ELLIPSIS;
        /** In view at the last layout: the text is in the row. */
        boolean inView;
        String fittedFull;
        double fittedWidth = -1;
        Font fittedFont;
        OverrunStyle fittedOverrun;

        Slot(TreeTableColumn<?, ?> column, boolean right) {
            this.column = column;
            this.right = right;
            // "text" as a label's text: modena centres it on its cap height and smooths it the same way.
            text.getStyleClass().addAll("text", TEXT);
            text.setUserData(column);
            text.setManaged(false);
        }
    }

    /** A plain container whose children the row skin places. */
    private static final class Box extends Region {
        @Override
        public ObservableList<Node> getChildren() { return super.getChildren(); }

        @Override
        protected void layoutChildren() { }
    }
}
