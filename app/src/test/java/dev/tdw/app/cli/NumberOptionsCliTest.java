package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every numeric option is read by one grammar: ASCII digits, and for tolerances, factors and budgets a finite value >= 0. */
class NumberOptionsCliTest {
    private static final Path SAME = TestCaptures.scenario("identical");
    private static final String M1 = SAME.resolve("run1/cmpl-same-rank0.json").toString();
    private static final String M2 = SAME.resolve("run2/cmpl-same-rank0.json").toString();
    private static final String P1 = SAME.resolve("run1/cmpl-same-rank0.pt").toString();
    private static final String P2 = SAME.resolve("run2/cmpl-same-rank0.pt").toString();
    private static final String DUMP = TestCaptures.scenario("replay-inputs").resolve("capture/cmpl-replay-rank0.pt").toString();

    /** An infinite tolerance made identical captures DIVERGENT and FAIL (Inf * 0 is NaN): now it is refused. */
    @Test
    void anInfiniteToleranceIsRefusedNamingTheOption() throws Exception {
        assertRefused(List.of("diff", "--left", M1, "--right", M2, "--rtol", "Infinity"), "--rtol", "'Infinity'");
        assertEquals("Invalid value for option '--rtol': 'Infinity': not a finite number >= 0 in ASCII digits (such as 0.01 or 1e-3)",
                tdw("diff", "--left", M1, "--right", M2, "--rtol", "Infinity").json().get("error").asText(),
                "worded as docs/cli.md quotes it");
        assertRefused(List.of("tensors", "--left", P1, "--right", P2, "--rtol", "Infinity"), "--rtol", "'Infinity'");
        CliBehaviourTest.Run fine = tdw("diff", "--left", M1, "--right", M2, "--rtol", "1e308");
        assertEquals("ALIGNED", fine.json().get("verdict").asText(), fine.out());
    }

    @Test
    void everyToleranceFactorAndBudgetIsAFiniteNumberInAsciiDigits() throws Exception {
        String out = System.getProperty("java.io.tmpdir") + "/tdw-never-written";
        List<List<String>> refused = List.of(
                List.of("diff", "--left", M1, "--right", M2, "--atol", "0x1p-7"),
                List.of("diff", "--left", M1, "--right", M2, "--atol", "1d"),
                List.of("diff", "--left", M1, "--right", M2, "--atol", "NaN"),
                List.of("diff", "--left", M1, "--right", M2, "--tensors", "--tensor-rtol", "-1"),
                List.of("diff", "--left", M1, "--right", M2, "--tensors", "--tensor-atol", "1e999"),
                List.of("diff", "--left", M1, "--left", M1, "--right", M2, "--noise-factor", "Infinity"),
                List.of("diff", "--left", M1, "--right", M2, "--tensors", "--max-elements", "\uff11\uff10"),
                List.of("tensors", "--left", P1, "--right", P2, "--max-elements", "\uff11\uff10"),
                List.of("tensors", "--left", P1, "--right", P2, "--max-elements", "-1"),
                List.of("tensors", "--left", P1, "--right", P2, "--atol", "\uff10.1"),
                List.of("tensors", "--left", P1, "--right", P2, "--worst", "\uff13"),
                List.of("next", "--left", M1, "--right", M2, "--budget-mib", "\uff11"),
                List.of("next", "--left", M1, "--right", M2, "--rtol", "Infinity"),
                List.of("scan", "--manifest", M1, "--max-abs-limit", "1e999"),
                List.of("replay", "--dump", DUMP, "--stage", "add_rms_norm#3", "--out-dir", out, "--atol", "Infinity"),
                List.of("replay", "--dump", DUMP, "--stage", "add_rms_norm#3", "--out-dir", out, "--max-input-elements", "\uff11"));
        for (List<String> args : refused) {
            String option = args.get(args.size() - 2);
            assertRefused(args, option, "'" + args.get(args.size() - 1) + "'");
        }
    }

    @Test
    void theDigitsOfEveryFormStillParse() throws Exception {
        for (String atol : new String[] {"0", "1e-2", ".5", "2E+1", "0.010"}) {
            CliBehaviourTest.Run r = tdw("tensors", "--left", P1, "--right", P2, "--atol", atol, "--max-elements", "2000000", "--worst", "1");
            assertEquals(0, r.exit(), atol + ": " + r.err());
            assertEquals("PASS", r.json().get("verdict").asText());
        }
    }

    private static void assertRefused(List<String> args, String option, String value) throws Exception {
        CliBehaviourTest.Run r = tdw(args.toArray(String[]::new));
        assertEquals(ExitCodes.UNUSABLE, r.exit(), () -> args + ": " + r.out() + r.err());
        JsonNode json = r.json();
        String error = json.get("error").asText();
        assertTrue(error.contains("'" + option + "'") && error.contains(value), () -> args + ": " + error);
        assertTrue(error.contains("ASCII digits"), error);
        assertFalse(error.contains("java.") || error.contains("Exception"), error);
    }
}
