package dev.tdw.app.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

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
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "org.controlsfx..", "dev.tdw.app.ui..")
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
}
