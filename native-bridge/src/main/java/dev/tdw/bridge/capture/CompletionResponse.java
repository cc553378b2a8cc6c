package dev.tdw.bridge.capture;

import java.util.List;

/**
 * The first choice of a completion.
 *
 * @param tokens       the sampled tokens when the server returned {@code logprobs.tokens}, else empty
 * @param finishReason e.g. {@code length} or {@code stop}; null when missing
 * @param elapsedMillis wall time of the request
 */
public record CompletionResponse(String text, List<String> tokens, String finishReason, long elapsedMillis) {
    public CompletionResponse {
        tokens = List.copyOf(tokens);
    }
}
