package dev.tdw.model.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The model is the part the command line, the UI and the device bridge share: it knows none of them. */
class ModelLayeringTest {
    private static final JavaClasses MODEL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tdw.model");

    @Test
    void modelNeverTouchesJavaFxOrJna() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.jna..", "org.jfree..")
                .check(MODEL);
    }

    @Test
    void modelNeverReachesIntoTheAppOrTheBridge() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("dev.tdw.app..", "dev.tdw.bridge..").check(MODEL);
    }

    @Test
    void dataFlowsOneWayFromFilesToComparisonsToReports() {
        noClasses().that().resideInAnyPackage("dev.tdw.model.capture..", "dev.tdw.model.tensor..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tdw.model.compare..", "dev.tdw.model.report..")
                .check(MODEL);
        noClasses().that().resideInAnyPackage("dev.tdw.model.compare..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tdw.model.report..", "dev.tdw.model.analysis..")
                .check(MODEL);
        // The analysis holds facts; only the report package words them.
        noClasses().that().resideInAnyPackage("dev.tdw.model.analysis..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tdw.model.report..")
                .check(MODEL);
    }

    @Test
    void modelUsesOnlyTheExportedPackagesOfItsLibraries() {
        ExportedPackages.onlyExportedPackagesOfLibraries().check(MODEL);
    }

    @Test
    void modelPackagesHaveNoCycles() {
        slices().matching("dev.tdw.model.(*)..").should().beFreeOfCycles().check(MODEL);
    }
}
