package dev.tdw.bridge.ascend;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Where the CANN libraries were looked for, and what was found or what was missing. */
public record AscendDiscovery(List<Path> searched, Optional<AscendLibraries> libraries, String explanation) {
    public AscendDiscovery {
        searched = List.copyOf(searched);
    }

    public boolean found() { return libraries.isPresent(); }
}
