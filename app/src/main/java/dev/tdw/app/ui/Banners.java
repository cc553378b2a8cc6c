package dev.tdw.app.ui;

import dev.tdw.app.ui.widget.FoldedLines;
import dev.tdw.app.ui.widget.Labels;
import dev.tdw.model.capture.LoadProblem;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;


/**
 * The verdict, the coverage warning and the files that could not be used, each shown only when it has something to say.
 * In a window lower than {@link #FOLD_BELOW} pixels each banner is one screen line ({@link FoldedLines}): at 800x500 the
 * wrapped verdict and tensor lines took four lines and left the table two rows.
 */
final class Banners extends VBox {
    /** The window height below which the lines start folded (700 px has room for wrapped lines and the table). */
    static final double FOLD_BELOW = 640;

    private final WorkbenchViewModel vm;
    private final javafx.beans.property.BooleanProperty roomy = new javafx.beans.property.SimpleBooleanProperty(true);

    /** @param showTensors opens the tensor view at a payload key (T's evidence) */
    Banners(WorkbenchViewModel vm, Runnable focusTable, java.util.function.Consumer<String> showTensors) {
        this.vm = vm;
        sceneProperty().addListener((o, a, scene) -> {
            if (scene == null) return;
            roomy.set(scene.getHeight() >= FOLD_BELOW || scene.getHeight() == 0);
            scene.heightProperty().addListener((h, was, now) -> roomy.set(now.doubleValue() >= FOLD_BELOW));
        });
        Label verdict = new Label();
        verdict.setId("verdict");
        verdict.textProperty().bind(Labels.safe(vm.verdictTextProperty()));
        verdict.setMaxWidth(Double.MAX_VALUE);
        FoldedLines folded = new FoldedLines("verdict-more");
        folded.followRoom(roomy);
        folded.add(verdict);
        HBox.setHgrow(verdict, Priority.ALWAYS);
        Hyperlink go = new Hyperlink("go to it (F)");
        go.setMinWidth(Region.USE_PREF_SIZE);
        go.setOnAction(e -> { vm.goToFirstDivergence(); focusTable.run(); });
        Label tensors = new Label();
        tensors.setId("tensor-verdict-line");
        folded.add(tensors);
        tensors.textProperty().bind(Labels.safe(vm.tensorVerdictTextProperty()));
        Hyperlink goTensor = new Hyperlink("go to it (T)");
        goTensor.setMinWidth(Region.USE_PREF_SIZE);
        goTensor.setOnAction(e -> vm.goToFirstTensorMismatch().ifPresent(showTensors));
        goTensor.visibleProperty().bind(vm.tensorEvidenceProperty().map(t -> t.firstMismatch() != null).orElse(false));
        HBox tensorLine = new HBox(8, tensors, goTensor);
        tensorLine.setAlignment(Pos.CENTER_LEFT);
        showWhen(tensorLine, folded.extra(vm.tensorVerdictTextProperty().isNotEmpty()));
        Label nonFinite = new Label();
        nonFinite.setId("nonfinite-origin-line");
        folded.add(nonFinite);
        nonFinite.textProperty().bind(vm.nonFiniteOriginTextProperty());
        Hyperlink goNonFinite = new Hyperlink("go to it");
        goNonFinite.setMinWidth(Region.USE_PREF_SIZE);
        goNonFinite.setOnAction(e -> { vm.goToNonFiniteOrigin(); focusTable.run(); });
        HBox nonFiniteLine = new HBox(8, nonFinite, goNonFinite);
        nonFiniteLine.setAlignment(Pos.CENTER_LEFT);
        showWhen(nonFiniteLine, folded.extra(vm.nonFiniteOriginTextProperty().isNotEmpty()));
        VBox texts = new VBox(2, verdict, nonFiniteLine, tensorLine);
        HBox.setHgrow(texts, Priority.ALWAYS);
        HBox verdictBanner = new HBox(8, texts, folded.toggle(), go);
        verdictBanner.setId("verdict-banner");
        verdictBanner.setAlignment(Pos.CENTER_LEFT);
        verdictBanner.getStyleClass().add("banner");
        vm.verdictStyleProperty().addListener((o, a, style) -> {
            verdictBanner.getStyleClass().removeIf(s -> s.startsWith("banner-"));
            if (style != null) verdictBanner.getStyleClass().add("banner-" + style);
        });
        go.visibleProperty().bind(vm.firstTargetProperty().isNotNull());
        showWhen(verdictBanner, vm.comparisonProperty().isNotNull());
        Label coverage = new Label();
        coverage.setId("coverage-banner");
        coverage.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(coverage, Priority.ALWAYS);
        coverage.textProperty().bind(Labels.safe(vm.coverageTextProperty()));
        FoldedLines coverageFolded = new FoldedLines("coverage-more");
        coverageFolded.followRoom(roomy);
        coverageFolded.add(coverage);
        HBox coverageBanner = new HBox(8, coverage, coverageFolded.toggle());
        coverageBanner.setAlignment(Pos.CENTER_LEFT);
        coverageBanner.getStyleClass().addAll("banner", "banner-coverage");
        showWhen(coverageBanner, vm.coverageTextProperty().isNotNull());
        getChildren().addAll(verdictBanner, coverageBanner, problemBanner());
    }

    /** Files that could not be used, named, without stopping anything: a banner, with details in a non-modal window. */
    private HBox problemBanner() {
        Label text = new Label();
        text.setId("problems");
        text.setMaxWidth(Double.MAX_VALUE);
        FoldedLines folded = new FoldedLines("problems-more");
        folded.followRoom(roomy);
        folded.add(text);
        text.textProperty().bind(Labels.safe(vm.problemsTextProperty()));
        HBox.setHgrow(text, Priority.ALWAYS);
        Button details = new Button("Details…");
        Button dismiss = new Button("Dismiss");
        dismiss.setOnAction(e -> vm.dismissProblems());
        details.setOnAction(e -> showProblems());
        details.setMinWidth(Region.USE_PREF_SIZE);
        dismiss.setMinWidth(Region.USE_PREF_SIZE);
        HBox banner = new HBox(8, text, folded.toggle(), details, dismiss);
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.getStyleClass().addAll("banner", "banner-problem");
        showWhen(banner, Bindings.isNotEmpty(vm.problems()));
        return banner;
    }

    static void showWhen(Node n, ObservableBooleanValue condition) {
        n.visibleProperty().bind(condition);
        n.managedProperty().bind(condition);
    }

    private void showProblems() {
        TextArea all = new TextArea(String.join("\n", vm.problems().stream().map(LoadProblem::message).toList()));
        all.setEditable(false);
        all.setWrapText(true);
        Alert a = new Alert(Alert.AlertType.WARNING);
        a.initOwner(getScene().getWindow());
        a.initModality(Modality.NONE);
        a.setTitle("Files not used");
        a.setHeaderText(Labels.safe(vm.problemsTextProperty().get()));
        a.getDialogPane().setContent(all);
        a.show();
    }
}
