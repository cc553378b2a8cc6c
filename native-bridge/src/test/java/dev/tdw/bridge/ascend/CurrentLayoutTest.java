package dev.tdw.bridge.ascend;

import java.util.List;

/** Current CANN: operators split into libopapi_math.so, libopapi_nn.so and libopapi_transformer.so (rotary). */
class CurrentLayoutTest extends LibraryLayoutContract {
    @Override String layout() { return "current"; }

    @Override List<String> expectedOperatorLibraries() { return List.of("libopapi_math.so", "libopapi_nn.so", "libopapi_transformer.so"); }
}
