package dev.tdw.bridge.capture;

import dev.tdw.model.report.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Arming a running service and its deterministic request, against a loopback stand-in for the service. */
@Timeout(60)
class CompletionProbeTest {
    @TempDir Path tmp;

    FakeCompletionService service;
    final CompletionProbe probe = new CompletionProbe(Duration.ofSeconds(2));

    private ServiceArming arming() {
        return new ServiceArming(tmp.resolve("run/probe.enable"));
    }

    private FakeCompletionService start(boolean probeChangesResults) throws Exception {
        service = new FakeCompletionService(tmp.resolve("run/probe.enable"), probeChangesResults);
        return service;
    }

    private CompletionRequest request(Duration timeout) {
        return new CompletionRequest(service.baseUrl(), "tiny", "The capital of France is", 8, true, timeout);
    }

    @AfterEach
    void stop() {
        if (service != null) service.close();
    }

    @Test
    void theRequestIsDeterministicAndExactlyThis() throws Exception {
        start(false);
        CompletionResponse r = probe.send(request(Duration.ofSeconds(5)));
        assertEquals(" Paris.", r.text());
        assertEquals(List.of(" Paris", "."), r.tokens());
        assertEquals("length", r.finishReason());

        FakeCompletionService.Seen seen = service.seen.get(0);
        assertEquals("POST", seen.method());
        assertEquals("/v1/completions", seen.path());
        assertEquals("application/json", seen.contentType());
        assertEquals(Json.mapper().readTree("{\"model\":\"tiny\",\"prompt\":\"The capital of France is\",\"max_tokens\":8,"
                + "\"temperature\":0,\"seed\":0,\"logprobs\":1}"), seen.body());
        assertFalse(seen.body().has("stream"));
    }

    @Test
    void withoutTokensNoLogprobsAreAskedFor() throws Exception {
        start(false);
        probe.send(new CompletionRequest(service.baseUrl(), "tiny", "p", 1, false, Duration.ofSeconds(5)));
        assertFalse(service.seen.get(0).body().has("logprobs"));
    }

    @Test
    void aProbeThatChangesTheAnswerIsCaught() throws Exception {
        start(true);
        ServiceArming arming = arming();
        ResponseComparison c = probe.armedVsDisarmed(arming, request(Duration.ofSeconds(5)));

        assertEquals(List.of(true, false), service.seen.stream().map(FakeCompletionService.Seen::armed).toList(),
                "first request armed, second disarmed");
        assertFalse(arming.armed(), "left disarmed");
        assertFalse(c.identical());
        assertEquals("token 1: ' is' armed, '.' disarmed", c.difference());
        assertTrue(c.verdict().contains("the probe changes what it measures"), c.verdict());
        assertEquals(" Paris is big", c.armed().text());
        assertEquals(" Paris.", c.disarmed().text());
    }

    @Test
    void aProbeThatChangesNothingLeavesTheSymptomStanding() throws Exception {
        start(false);
        ResponseComparison c = probe.armedVsDisarmed(arming(), request(Duration.ofSeconds(5)));
        assertEquals(List.of(true, false), service.seen.stream().map(FakeCompletionService.Seen::armed).toList());
        assertTrue(c.identical());
        assertNull(c.difference());
        assertTrue(c.verdict().contains("persists without the probe"), c.verdict());
    }

    @Test
    void textIsComparedWhenThereAreNoTokens() {
        var a = new CompletionResponse("The answer is 4", List.of(), "stop", 1);
        var b = new CompletionResponse("The answer is 5", List.of(), "stop", 1);
        assertEquals("character 14: '4' armed, '5' disarmed", ResponseComparison.of(a, b).difference());
        var longer = new CompletionResponse(" Paris", List.of(" Paris"), "stop", 1);
        var shorter = new CompletionResponse(" Paris is", List.of(" Paris", " is"), "stop", 1);
        assertEquals("token 1: 1 tokens armed, 2 disarmed", ResponseComparison.of(longer, shorter).difference());
    }

    @Test
    void anErrorStatusCarriesTheServersMessage() throws Exception {
        start(false).mode = FakeCompletionService.Mode.ERROR_500;
        CompletionException e = assertThrows(CompletionException.class, () -> probe.send(request(Duration.ofSeconds(5))));
        assertEquals("HTTP 500 from " + service.baseUrl() + "/v1/completions: model tiny is not loaded", e.getMessage());
    }

    @Test
    void aBodyThatIsNoCompletionIsRefused() throws Exception {
        start(false).mode = FakeCompletionService.Mode.NOT_JSON;
        CompletionException e = assertThrows(CompletionException.class, () -> probe.send(request(Duration.ofSeconds(5))));
        assertTrue(e.getMessage().endsWith("has no choices[0].text: <html>proxy login</html>"), e.getMessage());
    }

    @Test
    void aSlowServiceTimesOut() throws Exception {
        start(false).mode = FakeCompletionService.Mode.SLOW;
        long t0 = System.nanoTime();
        CompletionException e = assertThrows(CompletionException.class, () -> probe.send(request(Duration.ofMillis(300))));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(e.getMessage().contains("within 300 ms"), e.getMessage());
        assertTrue(millis < 2500, "gave up after " + millis + " ms, before the answer would have come");
    }

    @Test
    void aServiceThatIsNotThereSaysSo() throws Exception {
        URI gone = start(false).baseUrl();
        service.close();
        CompletionException e = assertThrows(CompletionException.class,
                () -> probe.send(new CompletionRequest(gone, "tiny", "p", 1, false, Duration.ofSeconds(5))));
        assertTrue(e.getMessage().startsWith("cannot connect to " + gone + "/v1/completions"), e.getMessage());
    }

    @Test
    void theServiceIsDisarmedEvenWhenTheArmedRequestFails() throws Exception {
        start(false).mode = FakeCompletionService.Mode.ERROR_WHEN_ARMED;
        ServiceArming arming = arming();
        assertThrows(CompletionException.class, () -> probe.armedVsDisarmed(arming, request(Duration.ofSeconds(5))));
        assertFalse(arming.armed());
        assertEquals(1, service.seen.size(), "no disarmed request without an armed answer to compare it to");
    }

    @Test
    void theSentinelIsCreatedAndRemoved() throws Exception {
        ServiceArming arming = arming();
        assertFalse(arming.armed());
        arming.arm();
        assertTrue(Files.isRegularFile(tmp.resolve("run/probe.enable")), "parent directories are created");
        assertTrue(arming.armed());
        arming.disarm();
        assertFalse(Files.exists(tmp.resolve("run/probe.enable")));
        arming.disarm();
        assertFalse(arming.armed(), "disarming twice is harmless");
    }

    @Test
    void theEndpointIsTheCompletionsPathOfTheGivenServer() {
        assertEquals(URI.create("http://h:8000/v1/completions"), req("http://h:8000").completionsUri());
        assertEquals(URI.create("http://h:8000/v1/completions"), req("http://h:8000/").completionsUri());
        assertEquals(URI.create("http://h:8000/v1/completions"), req("http://h:8000/v1").completionsUri());
        assertEquals(URI.create("https://h/api/v1/completions"), req("https://h/api/v1/completions").completionsUri());
        assertThrows(IllegalArgumentException.class, () -> req("ftp://h"));
        assertThrows(IllegalArgumentException.class, () -> new CompletionRequest(URI.create("http://h"), "m", "p", 0, false, Duration.ofSeconds(1)));
    }

    private static CompletionRequest req(String url) {
        return new CompletionRequest(URI.create(url), "m", "p", 1, false, Duration.ofSeconds(1));
    }
}
