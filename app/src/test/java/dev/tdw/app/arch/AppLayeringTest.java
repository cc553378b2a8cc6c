package dev.tdw.app.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Views show, presentation models prepare, the model compares. Only presentation models and
 * background tasks may call the comparisons; the command line never touches JavaFX.
 */
class AppLayeringTest {
    private static final JavaClasses APP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tdw.app");

    @Test
    void commandLineNeverTouchesJavaFx() {
        noClasses().that().resideInAPackage("dev.tdw.app.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "dev.tdw.app.ui..")
                .check(APP);
    }

    @Test
    void viewsHoldNoComparisonLogic() {
        noClasses().that().resideInAPackage("dev.tdw.app.ui..")
                .and().haveSimpleNameNotEndingWith("ViewModel")
                .and().haveSimpleNameNotEndingWith("Model")
                .and().haveSimpleNameNotEndingWith("Task")
                .and().haveSimpleNameNotContaining("ViewModel$")
                .and().haveSimpleNameNotContaining("Task$")
                .should().dependOnClassesThat().haveFullyQualifiedName("dev.tdw.model.compare.SummaryDiff")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.tdw.model.compare.Scan")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.tdw.model.compare.TensorComparison")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.tdw.model.align.Alignment")
                .allowEmptyShould(true)
                .check(APP);
    }

    /** Each concept of the window is a package; none of them reaches back into another that reaches it. */
    @Test
    void windowPackagesAreFreeOfCycles() {
        slices().matching("dev.tdw.app.ui.(*)..").should().beFreeOfCycles().check(APP);
    }

    /** The window shell (the root package) composes the parts; no part depends on it. */
    @Test
    void partsNeverDependOnTheWindowShell() {
        noClasses().that().resideInAPackage("dev.tdw.app.ui.*..")
                .should().dependOnClassesThat().resideInAPackage("dev.tdw.app.ui")
                .check(APP);
    }

    /** Background work goes through the one task runner, so the status bar sees it and tests run it synchronously. */
    @Test
    void backgroundWorkOnlyThroughTheTaskRunner() {
        noClasses().that().resideOutsideOfPackage("dev.tdw.app.ui.work")
                .and().resideInAPackage("dev.tdw.app.ui..")
                .should().dependOnClassesThat().haveFullyQualifiedName("javafx.concurrent.Task")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("javafx.concurrent.Service")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ExecutorService")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.Executors")
                .check(APP);
    }
}
