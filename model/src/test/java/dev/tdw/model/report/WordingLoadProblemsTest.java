package dev.tdw.model.report;

import dev.tdw.model.capture.LoadProblem;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WordingLoadProblemsTest {
    private static LoadProblem problem(LoadProblem.Kind kind) { return new LoadProblem(Path.of("f"), kind, "f: why"); }

    @Test
    void filesNotUsedAndManifestsLoadedWithoutTheirPayloadAreCountedApart() {
        assertEquals("", Wording.loadProblems(List.of()));
        assertEquals("1 file was not used", Wording.loadProblems(List.of(problem(LoadProblem.Kind.NOT_A_PROBE_MANIFEST))));
        assertEquals("1 manifest loaded with its payload refused or missing",
                Wording.loadProblems(List.of(problem(LoadProblem.Kind.PAYLOAD_NOT_USED))));
        assertEquals("2 files were not used, 2 manifests loaded with their payloads refused or missing",
                Wording.loadProblems(List.of(problem(LoadProblem.Kind.PAYLOAD_NOT_USED), problem(LoadProblem.Kind.REFUSED),
                        problem(LoadProblem.Kind.PAYLOAD_NOT_USED), problem(LoadProblem.Kind.PAYLOAD_OF_NO_MANIFEST))));
    }
}
