package dev.tdw.app.ui.capture;

import dev.tdw.app.ui.testing.Captures;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TokenIdComparisonTest {
    @Test
    void theSamePromptOnBothSidesIsIdentical() {
        TokenIdComparison t = TokenIdComparison.of(Captures.manifest("layer-bug", "baseline").metadata(),
                Captures.manifest("layer-bug", "candidate").metadata());
        assertEquals(TokenIdComparison.Verdict.IDENTICAL, t.verdict());
        assertEquals("identical inputs: scheduled_token_ids and prompt_token_ids equal (12 tokens)", t.text());
    }

    @Test
    void twoChunksOfOneRequestDifferInTheScheduledIdsAtPositionZero() {
        var occ1 = Captures.load("chunked-prefill", "baseline").select("cmpl-a", 1, 0).get(0);
        var occ2 = Captures.load("chunked-prefill", "baseline").select("cmpl-a", 2, 0).get(0);
        TokenIdComparison t = TokenIdComparison.of(occ1.metadata(), occ2.metadata());
        assertEquals(TokenIdComparison.Verdict.DIFFERENT, t.verdict());
        assertEquals("scheduled_token_ids", t.key());
        assertEquals(0, t.position());
        assertEquals("inputs differ: scheduled_token_ids at position 0 (58 vs 66)", t.text());
    }

    @Test
    void aDifferenceAfterIdenticalKeysNamesThePositionAndTheAgreeingKeys() {
        TokenIdComparison t = TokenIdComparison.of(
                Map.of("scheduled_token_ids", List.of(1, 2, 3), "prompt_token_ids", List.of(1, 2, 3, 4)),
                Map.of("scheduled_token_ids", List.of(1, 2, 3), "prompt_token_ids", List.of(1, 2, 9, 4)));
        assertEquals("inputs differ: prompt_token_ids at position 2 (3 vs 9); scheduled_token_ids identical", t.text());
    }

    @Test
    void aLongerSequenceDiffersWhereTheShorterEnds() {
        TokenIdComparison t = TokenIdComparison.of(Map.of("prompt_token_ids", List.of(1, 2, 3)), Map.of("prompt_token_ids", List.of(1, 2)));
        assertEquals(TokenIdComparison.Verdict.DIFFERENT, t.verdict());
        assertEquals(2, t.position());
        assertEquals("inputs differ: prompt_token_ids has 3 tokens on the left and 2 on the right (the first 2 agree)", t.text());
    }

    @Test
    void equalCountsWithoutIdsCannotBeCompared() {
        TokenIdComparison t = TokenIdComparison.of(Map.of("num_scheduled_tokens", 12), Map.of("num_scheduled_tokens", 12));
        assertEquals(TokenIdComparison.Verdict.NOT_COMPARABLE, t.verdict());
        assertEquals("inputs cannot be compared: no token ids in the metadata; equal num_scheduled_tokens proves nothing", t.text());
    }

    @Test
    void idsOnOneSideOnlyOrNotIntegersCannotBeCompared() {
        TokenIdComparison t = TokenIdComparison.of(Map.of("prompt_token_ids", List.of(1, 2)), Map.of("scheduled_token_ids", List.of("a")));
        assertEquals(TokenIdComparison.Verdict.NOT_COMPARABLE, t.verdict());
        assertEquals("inputs cannot be compared: scheduled_token_ids (only on the right), prompt_token_ids (only on the left)", t.text());
        TokenIdComparison floats = TokenIdComparison.of(Map.of("prompt_token_ids", List.of(1.0)), Map.of("prompt_token_ids", List.of(1.0)));
        assertEquals("inputs cannot be compared: prompt_token_ids (not a list of integers)", floats.text());
    }
}
