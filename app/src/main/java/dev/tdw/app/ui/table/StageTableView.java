package dev.tdw.app.ui.table;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.model.capture.Layout;
import dev.tdw.model.report.Wording;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.DoubleBinding;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.StringProperty;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The aligned stage table: a tree of layer groups over the view-model's visible rows. Selection is
 * two-way bound to the shared selected key; F/N/P/Enter are forwarded to the given actions.
 *
 * <p>Over 300 lines on purpose: the columns, the tree of rows and the selection are one control ({@code TreeTableView})
 * that builds them together; each column and its drawing is a small method here.
 */
public final class StageTableView extends TreeTableView<RowNode> {
    /** What the table asks of its window. */
    public interface Actions {
        void first();
        void next();
        void previous();
        void openDetail();
        ContextMenu contextMenu(StageRow row);
    }

    private final StageTableViewModel vm;
    private final StringProperty selectedKey;
    private final Map<String, TreeItem<RowNode>> itemsByKey = new HashMap<>();
    private final Set<String> collapsed = new HashSet<>();
    private final Map<String, TreeTableColumn<RowNode, ?>> statColumns = new LinkedHashMap<>();
    private final FrozenColumn frozenStage;
    /** The rules ending the columns, drawn once over all rows. */
    private final ColumnRules columnRules;
    /** What each column shows of a row and where the columns stand: the rows draw them ({@link StageRowSkin}). */
    private final RowColumns rowColumns = new RowColumns(this);
    private final ColumnFit columnFit;
    private final TreeTableColumn<RowNode, String> noise;
    /** The noise column's width while shown, else 0: what it needs beside the leading columns. */
    private final DoubleBinding noiseWidth;
    private boolean syncing;
    /** The rows' items in order, indexed once per change of the tree ({@link #getTreeItem}). */
    private ShownItems shownItems;

    public StageTableView(StageTableViewModel vm, StringProperty selectedKey, Actions actions) {
        this.vm = vm;
        this.selectedKey = selectedKey;
        setId("stage-table");
        setShowRoot(false);
        setRoot(new TreeItem<>());
        setColumnResizePolicy(TreeTableView.UNCONSTRAINED_RESIZE_POLICY);
        setTableMenuButtonVisible(true);
        // Rows of one height: the virtual flow then never measures cells while scrolling 10k rows.
        setFixedCellSize(24);
        TreeTableColumn<RowNode, String> stage = stageColumn();
        getColumns().add(stage);
        // The stage names what a row is: it stays in view when the statistics are scrolled right.
        frozenStage = FrozenColumn.install(this, stage);
        columnRules = new ColumnRules(rowColumns, stage, frozenStage.offsetProperty());
        TreeTableColumn<RowNode, String> status = statusColumn();
        getColumns().add(status);
        // In a narrow table the stage, its status and the first shown statistic share what there is.
        noise = noiseColumn();
        noiseWidth = Bindings.createDoubleBinding(() -> noise.isVisible() ? noise.getWidth() : 0,
                noise.visibleProperty(), noise.widthProperty());
        columnFit = ColumnFit.install(this, this::leadingColumns, noiseWidth::get);
        for (String stat : Statistics.ORDER) {
            TreeTableColumn<RowNode, String> parent = new TreeTableColumn<>(stat);
            for (StatTexts.Part part : StatTexts.Part.values()) parent.getColumns().add(statColumn(part, stat));
            parent.setVisible(stat.equals("max_abs") || stat.equals("mean"));
            parent.visibleProperty().addListener((o, a, b) -> columnFit.fit());
            statColumns.put(stat, parent);
            getColumns().add(parent);
        }
        // Runs' noise comes next after the compared statistic: a narrow table keeps the stage, its status and that
        // statistic in view first, and the window makes room for the noise when there is some (noiseWidth).
        getColumns().add(getColumns().indexOf(statColumns.get(Statistics.ORDER.get(0))) + 1, noise);
        // Layout and tensors after the statistics: at 1024 px the stage, its status and the compared statistic stay in view.
        getColumns().add(textColumn("shape", 104, r -> r.sideBySide(Layout::shape)));
        getColumns().add(textColumn("dtype", 128, r -> r.sideBySide(l -> l.dtype() == null ? null : Wording.dtype(l.dtype()))));
        TreeTableColumn<RowNode, String> tensor = textColumn("tensors", 150, r -> vm.tensorVerdictsProperty().get().getOrDefault(r.key(), ""));
        tensor.setId("tensor-column");
        tensor.setMinWidth(80);
        vm.tensorVerdictsProperty().addListener((o, a, b) -> refresh());
        vm.tensorBadgesProperty().addListener((o, a, b) -> refresh());
        getColumns().add(tensor);
        getColumns().forEach(c -> c.setSortable(false));
        setRowFactory(t -> new StageRowCell(actions, frozenStage, rowColumns, stage, status, vm::badges));
        vm.nodesProperty().addListener((o, a, b) -> rebuild(b));
        getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (syncing) return;
            syncing = true;
            try {
                selectedKey.set(b != null && b.getValue() instanceof RowNode.Leaf l ? l.row().key() : null);
            } finally {
                syncing = false;
            }
        });
        selectedKey.addListener((o, a, b) -> showSelection(b));
        setOnKeyPressed(e -> {
            if (e.isShortcutDown() || e.isAltDown()) return;
            if (e.getCode() == KeyCode.F) actions.first();
            else if (e.getCode() == KeyCode.N) actions.next();
            else if (e.getCode() == KeyCode.P) actions.previous();
            else if (e.getCode() == KeyCode.ENTER) actions.openDetail();
            else return;
            e.consume();
        });
        // The context-menu key (or Shift+F10) targets the table, not a row: offer the selected row's menu.
        setOnContextMenuRequested(e -> {
            var item = getSelectionModel().getSelectedItem();
            if (e.isKeyboardTrigger() && item != null && item.getValue() instanceof RowNode.Leaf l) {
                ContextMenu menu = actions.contextMenu(l.row());
                menu.setAutoHide(true);
                menu.show(this, e.getScreenX(), e.getScreenY());
                e.consume();
            }
        });
        setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && selectedKey.get() != null) actions.openDetail();
        });
        rebuild(vm.nodesProperty().get());
    }

    @Override
    protected javafx.scene.control.Skin<?> createDefaultSkin() { return new StageTableSkin(this, columnRules); }

    /** As the stock lookup answers, from an index of the shown items ({@link ShownItems}) rather than a walk of the tree. */
    @Override
    public TreeItem<RowNode> getTreeItem(int row) {
        ShownItems index = shownItems;
        // Another root (one set from outside, or while the constructor runs), or a root that is shown: the stock lookup.
        if (index == null || index.root() != getRoot() || isShowRoot()) return super.getTreeItem(row);
        TreeItem<RowNode> item = index.item(row);
        return item == ShownItems.UNKNOWN ? super.getTreeItem(row) : item;
    }

    /** Stage, status and the leaf columns of the first visible statistic: what a row is, what it found, how far apart. */
    private List<TreeTableColumn<?, ?>> leadingColumns() {
        // Every visible column up to and including the first visible statistic.
        List<TreeTableColumn<?, ?>> out = new java.util.ArrayList<>();
        for (TreeTableColumn<RowNode, ?> c : getColumns()) {
            if (!c.isVisible()) continue;
            if (c.getColumns().isEmpty()) {
                out.add(c);
                continue;
            }
            out.addAll(c.getColumns());
            break;
        }
        return out;
    }

    /**
     * The narrowest this table can be with its stage, status and first statistic in view, at their minimum widths
     * (the window keeps the table at least this wide).
     */
    public double leadingMinimumWidth() {
        return ColumnFit.minimumWidth(leadingColumns());
    }

    /** What the noise column of repeated runs needs beside the leading columns: its width while shown, else 0. */
    public DoubleBinding noiseWidth() { return noiseWidth; }

    /** The parent column of a statistic, for the View menu's column toggles. */
    public TreeTableColumn<RowNode, ?> statisticColumn(String stat) { return statColumns.get(stat); }

    private void rebuild(List<RowNode> nodes) {
        syncing = true;
        try {
            remember(getRoot());
            itemsByKey.clear();
            TreeItem<RowNode> root = new TreeItem<>();
            for (RowNode n : nodes) root.getChildren().add(item(n));
            // Indexed before the table takes the root: see ShownItems.
            shownItems = new ShownItems(root);
            setRoot(root);
            // New rows without a selection start at their top, not where the last rows were scrolled to.
            if (selectedKey.get() == null) scrollTo(0);
        } finally {
            syncing = false;
        }
        showSelection(selectedKey.get());
    }

    /** Which groups the user collapsed (and expanded again), by name, so that a new set of rows keeps them so. */
    private void remember(TreeItem<RowNode> parent) {
        for (TreeItem<RowNode> item : parent.getChildren()) {
            if (!(item.getValue() instanceof RowNode.Group g)) continue;
            if (item.isExpanded()) collapsed.remove(g.name());
            else collapsed.add(g.name());
            remember(item);
        }
    }

    /** The tree item of a node, with a group's nodes under it (modules of an msprobe dump nest). */
    private TreeItem<RowNode> item(RowNode n) {
        TreeItem<RowNode> item = new TreeItem<>(n);
        if (n instanceof RowNode.Group g) {
            for (RowNode c : g.children()) item.getChildren().add(item(c));
            item.setExpanded(!collapsed.contains(g.name()));
        } else {
            itemsByKey.put(((RowNode.Leaf) n).row().key(), item);
        }
        return item;
    }

    private void showSelection(String key) {
        if (syncing) return;
        syncing = true;
        try {
            TreeItem<RowNode> item = key == null ? null : itemsByKey.get(key);
            if (item == null) {
                getSelectionModel().clearSelection();
                return;
            }
            for (TreeItem<RowNode> p = item.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
            getSelectionModel().select(item);
            int row = getRow(item);
            if (row >= 0 && !isRowVisible(row)) scrollTo(Math.max(0, row - 3));
        } finally {
            syncing = false;
        }
    }

    private boolean isRowVisible(int row) {
        var flow = (javafx.scene.control.skin.VirtualFlow<?>) lookup(".virtual-flow");
        if (flow == null || flow.getFirstVisibleCell() == null || flow.getLastVisibleCell() == null) return false;
        return row > flow.getFirstVisibleCell().getIndex() && row < flow.getLastVisibleCell().getIndex();
    }

    /** The stage column: a key, or a layer group with its count of divergent stages (the row draws it). */
    private TreeTableColumn<RowNode, String> stageColumn() {
        TreeTableColumn<RowNode, String> c = new TreeTableColumn<>("stage");
        c.setPrefWidth(268);
        c.setMinWidth(150);
        // The words a row shows, also what the header's fit-to-content measures.
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(StageTableViewModel.label(p.getValue().getValue())));
        return c;
    }

    /** Repeated runs only: per stage, within noise or the runs beyond noise there. */
    private TreeTableColumn<RowNode, String> noiseColumn() {
        TreeTableColumn<RowNode, String> c = textColumn("noise", 130, r -> vm.noiseProperty().get().getOrDefault(r.key(), ""));
        c.setId("noise-column");
        c.setMinWidth(84); // "within noise" whole
        // Set, not bound: the table's column menu toggles it too.
        c.setVisible(!vm.noiseProperty().get().isEmpty());
        vm.noiseProperty().addListener((o, a, b) -> {
            if (a.isEmpty() != b.isEmpty()) c.setVisible(!b.isEmpty());
            columnFit.fit();
            refresh();
        });
        return c;
    }

    private TreeTableColumn<RowNode, String> statusColumn() {
        TreeTableColumn<RowNode, String> c = new TreeTableColumn<>("status");
        c.setPrefWidth(250); // "divergent: max_abs, min, max, mean" whole at the default width
        c.setMinWidth(160); // a badge of Wording.BADGE_CHARS ("divergent: non-finite +8") whole
        // The row draws the badges; their words are also what the header's fit-to-content measures.
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(vm.badges(p.getValue().getValue()).stream()
                .map(b -> Labels.safe(b.label())).collect(java.util.stream.Collectors.joining("  "))));
        return c;
    }

    private TreeTableColumn<RowNode, String> textColumn(String name, double width, Function<StageRow, String> text) {
        TreeTableColumn<RowNode, String> c = new TreeTableColumn<>(name);
        c.setPrefWidth(width);
        drawn(c, RowColumns.Content.plain(n -> n instanceof RowNode.Leaf l ? text.apply(l.row()) : null));
        return c;
    }

    private TreeTableColumn<RowNode, String> statColumn(StatTexts.Part part, String stat) {
        TreeTableColumn<RowNode, String> c = new TreeTableColumn<>(part.title);
        // Wide enough for Wording.number's longest form ("-0.00791234", "-1.23457e+38") in the table's font.
        c.setPrefWidth(part == StatTexts.Part.RELATIVE ? 72 : 100);
        c.setMinWidth(part == StatTexts.Part.RELATIVE ? 60 : 88);
        c.getStyleClass().add("number-column");
        drawn(c, new RowColumns.Content(n -> n instanceof RowNode.Leaf l ? vm.statistic(l.row(), stat, part) : null,
                n -> n instanceof RowNode.Leaf l && vm.statisticDiverges(l.row(), stat)));
        return c;
    }

    /** A column the rows draw from {@code content}; its cell values are the same words (the header's fit-to-content). */
    private void drawn(TreeTableColumn<RowNode, String> c, RowColumns.Content content) {
        rowColumns.put(c, content);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(content.text().apply(p.getValue().getValue())));
    }

    /** A row that carries its most severe status and offers its context menu; its skin draws its columns and colours. */
    private static final class StageRowCell extends TreeTableRow<RowNode> implements StageTableSkin.Styled {
        private final FrozenColumn frozen;
        private final RowColumns columns;
        private final TreeTableColumn<RowNode, ?> stage;
        private final TreeTableColumn<RowNode, ?> status;
        private final StyleWatch styleWatch = new StyleWatch(this);

        private final Function<RowNode, List<StatusBadge>> badges;

        StageRowCell(Actions actions, FrozenColumn frozen, RowColumns columns, TreeTableColumn<RowNode, ?> stage,
                     TreeTableColumn<RowNode, ?> status, Function<RowNode, List<StatusBadge>> badges) {
            this.badges = badges;
            this.frozen = frozen;
            this.columns = columns;
            this.stage = stage;
            this.status = status;
            disclosureNodeProperty().addListener((o, a, b) -> {
                if (b != null) frozen.pinDisclosure(b);
            });
            // Before the table's skin would give the row modena's arrow (see GroupArrow).
            setDisclosureNode(new GroupArrow());
            // Built on request: a menu per row per scroll step would be wasted on 10k rows.
            setOnContextMenuRequested(e -> {
                if (getItem() instanceof RowNode.Leaf l) {
                    getTreeTableView().getSelectionModel().select(getTreeItem());
                    ContextMenu menu = actions.contextMenu(l.row());
                    menu.setAutoHide(true);
                    menu.show(this, e.getScreenX(), e.getScreenY());
                    e.consume();
                }
            });
        }

        @Override
        public StyleWatch styleWatch() { return styleWatch; }

        @Override
        protected javafx.scene.control.Skin<?> createDefaultSkin() { return new StageRowSkin(this, columns, frozen, stage, status, badges); }

        @Override
        protected void updateItem(RowNode n, boolean empty) {
            super.updateItem(n, empty);
            // The row's state for stylesheets; the workbench's paints its colour and a group's weight on the row's
            // nodes instead (StageRowSkin), so that a row changing status is not styled again whole.
            RowStatus.show(this, empty || n == null ? null : StageTableViewModel.colour(n));
        }
    }
}
