package dev.tdw.app.ui.device;

import dev.tdw.app.ui.testing.DirectTaskRunner;

import dev.tdw.bridge.capture.CompletionProbe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class ServiceArmingViewModelTest {
    @TempDir Path tmp;

    /** Background work runs at once on the calling (FX) thread: no pool to wait for. */
    final DirectTaskRunner pool = new DirectTaskRunner();
    LoopbackService service;
    ServiceArmingViewModel vm;
    Path sentinel;

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    @BeforeEach
    void form() throws Exception {
        sentinel = tmp.resolve("probe.enable");
        service = new LoopbackService(sentinel);
        vm = call(() -> new ServiceArmingViewModel(new CompletionProbe(Duration.ofSeconds(2)), pool));
        run(() -> {
            vm.sentinelProperty().set(sentinel.toString());
            vm.endpointProperty().set(service.url());
            vm.modelProperty().set("tiny");
            vm.promptProperty().set("2+2=");
            vm.maxTokensProperty().set("2");
            vm.timeoutSecondsProperty().set("5");
        });
    }

    @AfterEach
    void stop() throws InterruptedException {
        service.close();
    }

    @Test
    void armingCreatesAndDisarmingRemovesTheSentinel() {
        run(vm::arm);
        assertTrue(Files.exists(sentinel));
        assertTrue(call(() -> vm.armedProperty().get()));
        run(vm::disarm);
        assertFalse(Files.exists(sentinel));
        assertFalse(call(() -> vm.armedProperty().get()));
        assertEquals("disarmed: removed " + sentinel, call(() -> vm.statusProperty().get()));
    }

    @Test
    void armedAndDisarmedAnswersAreComparedAndTheServiceLeftDisarmed() {
        run(vm::compareArmedDisarmed);
        assertTrue(call(() -> !vm.busyProperty().get() && !vm.verdictProperty().get().isEmpty()), "compared");
        assertEquals(List.of(true, false), service.armedAtRequest);
        assertFalse(Files.exists(sentinel));
        assertFalse(call(() -> vm.armedProperty().get()));
        assertTrue(call(() -> vm.verdictProperty().get()).startsWith("The answers differ at token 1: '2' armed, '.' disarmed"));
        assertTrue(call(() -> vm.armedAnswerProperty().get()).startsWith(" 42\n\ntokens (2): ' 4' '2'\nfinish: length"));
        assertTrue(call(() -> vm.disarmedAnswerProperty().get()).startsWith(" 4."));
        assertEquals("the answers differ", call(() -> vm.statusProperty().get()));
    }

    @Test
    void oneRequestIsShownUnderTheStateTheSentinelWasIn() {
        run(vm::arm);
        run(vm::send);
        assertTrue(call(() -> !vm.busyProperty().get() && !vm.armedAnswerProperty().get().isEmpty()), "answered");
        assertTrue(call(() -> vm.armedAnswerProperty().get()).startsWith(" 42"));
        assertEquals("", call(() -> vm.disarmedAnswerProperty().get()));
        assertTrue(call(() -> vm.statusProperty().get()).endsWith("(armed)"));
        assertTrue(Files.exists(sentinel), "a single request leaves the arming as it was");
    }

    @Test
    void serviceErrorsAreShownAndNothingStaysBusy() {
        service.failing = true;
        run(vm::compareArmedDisarmed);
        assertTrue(call(() -> !vm.busyProperty().get() && vm.statusProperty().get().startsWith("HTTP")), "failed");
        assertEquals("HTTP 500 from " + service.url() + "/v1/completions: overloaded", call(() -> vm.statusProperty().get()));
        assertFalse(Files.exists(sentinel));
    }

    @Test
    void anIncompleteFormSendsNothing() {
        run(() -> vm.maxTokensProperty().set("many"));
        run(vm::send);
        assertTrue(call(() -> vm.statusProperty().get()).equals("max tokens 'many': a whole number ≥ 1"));
        run(() -> {
            vm.maxTokensProperty().set("2");
            vm.sentinelProperty().set(" ");
        });
        run(vm::compareArmedDisarmed);
        assertEquals("name the sentinel file (DUMP_PROBE_ENABLE_FILE) the service was started with", call(() -> vm.statusProperty().get()));
        run(() -> vm.modelProperty().set(""));
        run(vm::send);
        assertEquals("name the model, as the service serves it", call(() -> vm.statusProperty().get()));
        assertTrue(service.armedAtRequest.isEmpty());
    }
}
