package dev.tdw.model.analysis;

import dev.tdw.model.report.Wording;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class InputIdentityTest {
    @Test
    void theSamePromptOnBothSidesIsIdentical() {
        InputIdentity t = InputIdentity.of(Pairs.manifest("layer-bug", "baseline").metadata(), Pairs.manifest("layer-bug", "candidate").metadata());
        assertEquals(InputIdentity.Verdict.IDENTICAL, t.verdict());
        assertEquals(List.of("scheduled_token_ids", "prompt_token_ids"), t.identicalKeys());
        assertEquals("identical inputs: scheduled_token_ids and prompt_token_ids equal (12 tokens)", Wording.inputs(t));
    }

    @Test
    void twoChunksOfOneRequestDifferInTheScheduledIdsAtPositionZero() {
        var occ1 = Pairs.load("chunked-prefill", "baseline").select("cmpl-a", 1, 0).get(0);
        var occ2 = Pairs.load("chunked-prefill", "baseline").select("cmpl-a", 2, 0).get(0);
        InputIdentity t = InputIdentity.of(occ1.metadata(), occ2.metadata());
        assertEquals(InputIdentity.Verdict.DIFFERENT, t.verdict());
        assertEquals("scheduled_token_ids", t.key());
        assertEquals(0, t.position());
        assertEquals(58L, t.left());
        assertEquals(66L, t.right());
        assertEquals("inputs differ: scheduled_token_ids at position 0 (58 vs 66)", Wording.inputs(t));
    }

    @Test
    void aDifferenceAfterIdenticalKeysNamesThePositionAndTheAgreeingKeys() {
        InputIdentity t = InputIdentity.of(
                Map.of("scheduled_token_ids", List.of(1, 2, 3), "prompt_token_ids", List.of(1, 2, 3, 4)),
                Map.of("scheduled_token_ids", List.of(1, 2, 3), "prompt_token_ids", List.of(1, 2, 9, 4)));
        assertEquals("inputs differ: prompt_token_ids at position 2 (3 vs 9); scheduled_token_ids identical", Wording.inputs(t));
    }

    @Test
    void aLongerSequenceDiffersWhereTheShorterEnds() {
        InputIdentity t = InputIdentity.of(Map.of("prompt_token_ids", List.of(1, 2, 3)), Map.of("prompt_token_ids", List.of(1, 2)));
        assertEquals(InputIdentity.Verdict.DIFFERENT, t.verdict());
        assertEquals(2, t.position());
        assertEquals(3L, t.left());
        assertNull(t.right());
        assertEquals("inputs differ: prompt_token_ids at position 2 (3 tokens on the left, 2 on the right; the first 2 agree)",
                Wording.inputs(t));
    }

    @Test
    void equalCountsWithoutIdsCannotBeCompared() {
        InputIdentity t = InputIdentity.of(Map.of("num_scheduled_tokens", 12), Map.of("num_scheduled_tokens", 12));
        assertEquals(InputIdentity.Verdict.NOT_COMPARABLE, t.verdict());
        assertEquals("inputs cannot be compared: no token ids in the metadata; equal num_scheduled_tokens proves nothing", Wording.inputs(t));
    }

    @Test
    void idsOnOneSideOnlyOrNotIntegersCannotBeCompared() {
        InputIdentity t = InputIdentity.of(Map.of("prompt_token_ids", List.of(1, 2)), Map.of("scheduled_token_ids", List.of("a")));
        assertEquals(InputIdentity.Verdict.NOT_COMPARABLE, t.verdict());
        assertEquals(List.of(new InputIdentity.Unusable("scheduled_token_ids", InputIdentity.Unusable.Why.ONLY_RIGHT),
                new InputIdentity.Unusable("prompt_token_ids", InputIdentity.Unusable.Why.ONLY_LEFT)), t.unusable());
        assertEquals("inputs cannot be compared: scheduled_token_ids (only on the right), prompt_token_ids (only on the left)", Wording.inputs(t));
        InputIdentity floats = InputIdentity.of(Map.of("prompt_token_ids", List.of(1.0)), Map.of("prompt_token_ids", List.of(1.0)));
        assertEquals("inputs cannot be compared: prompt_token_ids (not a list of integers)", Wording.inputs(floats));
    }
}
