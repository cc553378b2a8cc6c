package dev.tdw.app.arch;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.tdw.app.arch.fixture.ComputingLabel;
import dev.tdw.app.arch.fixture.RenderingLabel;
import dev.tdw.model.arch.ExportedPackages;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Views show, presentation models prepare, the model compares and analyses. A JavaFX node never
 * reaches into the comparisons, the pairing or the analysis: it renders what a view model hands it.
 * The command line and the report never touch JavaFX; only the Ascend binding touches JNA.
 */
class AppLayeringTest {
    private static final JavaClasses APP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tdw.app");

    /** The app and everything it runs on: the model and the device bridge. */
    private static final JavaClasses ALL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // The modules' test jars (test helpers shared between modules) are tests too.
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("dev.tdw");

    @Test
    void everyModuleUsesOnlyTheExportedPackagesOfItsLibraries() {
        ExportedPackages.onlyExportedPackagesOfLibraries().check(ALL);
    }

    /** One name, one class: two model records both named Run read as one thing in a diff or a stack trace. */
    @Test
    void everyTopLevelClassHasANameOfItsOwn() {
        Map<String, List<String>> byName = ALL.stream().filter(JavaClass::isTopLevelClass)
                .filter(c -> !c.getSimpleName().equals("package-info"))
                .collect(Collectors.groupingBy(JavaClass::getSimpleName, TreeMap::new, Collectors.mapping(JavaClass::getName, Collectors.toList())));
        byName.values().removeIf(names -> names.size() < 2);
        assertEquals(Map.of(), byName);
    }

    @Test
    void commandLineNeverTouchesJavaFx() {
        noClasses().that().resideInAPackage("dev.tdw.app.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree..", "dev.tdw.app.ui..")
                .check(APP);
    }

    @Test
    void reportsAreWrittenWithoutJavaFx() {
        noClasses().that().resideInAPackage("dev.tdw.app.report..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree.chart.fx..", "org.controlsfx..", "dev.tdw.app.ui..",
                        "dev.tdw.app.cli..")
                .check(APP);
    }

    /** SSH (Apache MINA SSHD) lives in one package of the bridge; the rest reaches hosts through its classes. */
    @Test
    void sshOnlyInTheRemotePackage() {
        noClasses().that().resideOutsideOfPackage("dev.tdw.bridge.remote..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.sshd..")
                .check(ALL);
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

    /**
     * Code of the comparisons, the pairing or the analysis that computes: a static method (such as
     * {@code PairAnalysis.of}) or any member of a class that is not a value (record or enum). Reading
     * a value handed over by a view model, or building one such as a {@code Tolerance}, is rendering.
     */
    private static final DescribedPredicate<JavaCall<?>> COMPUTES = new DescribedPredicate<>(
            "run code of dev.tdw.model.compare/align/analysis (a static method or a member of a non-value class)") {
        @Override
        public boolean test(JavaCall<?> call) {
            JavaClass owner = call.getTargetOwner();
            String pkg = owner.getPackageName();
            if (!ANALYSIS_PACKAGES.stream().anyMatch(p -> pkg.equals(p) || pkg.startsWith(p + "."))) return false;
            if (!owner.isRecord() && !owner.isEnum()) return true;
            return call.getTarget().resolveMember().map(m -> m.getModifiers().contains(JavaModifier.STATIC)).orElse(true);
        }
    };

    private static final List<String> ANALYSIS_PACKAGES = List.of("dev.tdw.model.compare", "dev.tdw.model.align", "dev.tdw.model.analysis");

    private static final ArchRule NODES_RENDER = noClasses().that().areAssignableTo(javafx.scene.Node.class)
            .should().callCodeUnitWhere(COMPUTES);

    @Test
    void javaFxNodesNeverComputeComparisonsPairingOrAnalysis() {
        NODES_RENDER.check(APP);
    }

    @Test
    void theNodeRuleTellsAViewThatComputesFromOneThatRenders() {
        ClassFileImporter importer = new ClassFileImporter();
        assertTrue(NODES_RENDER.evaluate(importer.importClasses(ComputingLabel.class)).hasViolation());
        assertFalse(NODES_RENDER.evaluate(importer.importClasses(RenderingLabel.class)).hasViolation());
    }

    @Test
    void onlyTheAscendBindingTouchesJna() {
        noClasses().that().resideOutsideOfPackage("dev.tdw.bridge.ascend..")
                .should().dependOnClassesThat().resideInAnyPackage("com.sun.jna..")
                .check(ALL);
    }
}
