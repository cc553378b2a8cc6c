package dev.tdw.bridge.ascend;

import java.util.List;

/** Older CANN: every operator in one libopapi.so. */
class LegacyLayoutTest extends LibraryLayoutContract {
    @Override String layout() { return "legacy"; }

    @Override List<String> expectedOperatorLibraries() { return List.of("libopapi.so"); }
}
