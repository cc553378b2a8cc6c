package dev.tdw.app.ui.work;

import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.app.ui.work.LatestRequest.Superseded;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Held work finishes in the order the test chooses, on the test's thread: no waiting, no sleeps. */
class LatestRequestTest {
    private final DirectTaskRunner tasks = new DirectTaskRunner().hold();
    private final List<String> answers = new ArrayList<>();

    private void start(LatestRequest request, String value) {
        request.run(value, p -> value, answers::add, e -> answers.add("failed: " + e.getMessage()));
    }

    @Test
    void anOlderRequestFinishingAfterANewerOneIsDropped() {
        LatestRequest request = new LatestRequest(tasks, Superseded.LEFT_RUNNING);
        start(request, "older");
        start(request, "newer");
        tasks.finish(1);
        tasks.finish(0);
        assertEquals(List.of("newer"), answers);
    }

    @Test
    void anOlderFailureIsDroppedToo() {
        LatestRequest request = new LatestRequest(tasks, Superseded.LEFT_RUNNING);
        request.<String>run("older", p -> { throw new IllegalStateException("gone"); }, answers::add, e -> answers.add("failed: " + e.getMessage()));
        start(request, "newer");
        tasks.finish(0);
        tasks.finish(1);
        assertEquals(List.of("newer"), answers);
    }

    @Test
    void aDroppedRequestIsNotAnswered() {
        LatestRequest request = new LatestRequest(tasks, Superseded.LEFT_RUNNING);
        start(request, "dropped");
        assertTrue(request.pending());
        request.drop();
        assertFalse(request.pending());
        tasks.finish(0);
        assertEquals(List.of(), answers);
    }

    @Test
    void supersededWorkIsCancelledWhenSoMadeAndItsCancellationIsNotAnswered() {
        LatestRequest request = new LatestRequest(tasks, Superseded.CANCELLED);
        start(request, "older");
        start(request, "newer");
        tasks.finish(0);  // cancelled: the held runner no longer runs it
        assertEquals(List.of(), answers, "neither the older value nor its cancellation lands");
        tasks.finish(1);
        assertEquals(List.of("newer"), answers);
    }

    @Test
    void supersededWorkKeepsRunningWhenSoMade() {
        List<String> ran = new ArrayList<>();
        LatestRequest request = new LatestRequest(tasks, Superseded.LEFT_RUNNING);
        request.run("older", p -> { ran.add("older"); return "older"; }, answers::add, e -> answers.add("failed"));
        start(request, "newer");
        tasks.finish(0);
        assertEquals(List.of("older"), ran, "its work ran");
        assertEquals(List.of(), answers, "its answer did not land");
    }

    @Test
    void theNewestRequestCancelledByTheUserIsAnsweredWithTheCancellation() {
        LatestRequest request = new LatestRequest(tasks, Superseded.CANCELLED);
        List<Throwable> failures = new ArrayList<>();
        request.run("newest", p -> "value", answers::add, failures::add);
        tasks.cancelLast();
        assertEquals(1, failures.size());
        assertTrue(failures.get(0) instanceof CancellationException);
        assertFalse(request.pending());
    }

    @Test
    void workAnsweredBeforeTheRunnerReturnsIsNotPending() {
        LatestRequest request = new LatestRequest(new DirectTaskRunner(), Superseded.CANCELLED);
        start(request, "at once");
        assertEquals(List.of("at once"), answers);
        assertFalse(request.pending());
    }

    @Test
    void aTicketIsLatestUntilTheNextRequest() {
        LatestRequest request = new LatestRequest(tasks, Superseded.LEFT_RUNNING);
        LatestRequest.Ticket first = request.next();
        assertTrue(first.isLatest());
        LatestRequest.Ticket second = request.next();
        assertFalse(first.isLatest());
        assertTrue(second.isLatest());
        request.drop();
        assertFalse(second.isLatest());
    }
}
