package dev.tdw.bridge.ascend;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import dev.tdw.bridge.device.DeviceException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The loaded CANN libraries; each C function is looked up in whichever of them exports it. */
final class NativeSymbols {
    private final List<NativeLibrary> libraries;
    private final Map<String, Optional<Function>> cache = new ConcurrentHashMap<>();

    private NativeSymbols(List<NativeLibrary> libraries) {
        this.libraries = libraries;
    }

    static NativeSymbols load(AscendLibraries paths) {
        var loaded = new ArrayList<NativeLibrary>();
        for (Path p : paths.all()) {
            try {
                loaded.add(NativeLibrary.getInstance(p.toAbsolutePath().toString()));
            } catch (UnsatisfiedLinkError e) {
                // The file exists (the locator found it), so a missing shared object is one of its dependencies.
                String advice = String.valueOf(e.getMessage()).contains("cannot open shared object file")
                        ? "; a library it depends on was not found: " + CannSetup.SET_ENV_ADVICE : "";
                throw new DeviceException("cannot load " + p + ": " + e.getMessage() + advice, e);
            }
        }
        return new NativeSymbols(loaded);
    }

    Optional<Function> find(String name) {
        return cache.computeIfAbsent(name, n -> {
            for (NativeLibrary lib : libraries) {
                try {
                    return Optional.of(lib.getFunction(n));
                } catch (UnsatisfiedLinkError notHere) {
                    // try the next library
                }
            }
            return Optional.empty();
        });
    }

    Function require(String name) {
        return find(name).orElseThrow(() -> new DeviceException(
                name + " is not exported by any of " + libraries.stream().map(NativeLibrary::getFile).toList()));
    }
}
