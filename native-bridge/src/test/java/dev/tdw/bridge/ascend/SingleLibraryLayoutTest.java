package dev.tdw.bridge.ascend;

import java.util.List;

/** libascend_double.so under the three legacy names (symlinks): every symbol from one file. */
class SingleLibraryLayoutTest extends LibraryLayoutContract {
    @Override String layout() { return "single"; }

    @Override List<String> expectedOperatorLibraries() { return List.of("libopapi.so"); }
}
