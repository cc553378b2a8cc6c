package dev.tdw.model.compare;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Whether the JIT turns {@link Math#fma} into one instruction (HotSpot's {@code UseFMA}). Without it, fma is emulated
 * in software, orders of magnitude slower, so the fused kernel is used only where it is an instruction.
 *
 * <p>Asking the VM goes through the management beans, about 10 ms of a short {@code tensors} run. Where HotSpot's own
 * default is that simple, it is read off the processor instead: on x86-64 Linux {@code UseFMA} follows the
 * processor's {@code fma} flag together with {@code avx} (which the kernel lists only when it saves the AVX
 * registers); on AArch64 it is always on. Elsewhere, or when the flags cannot be read, the VM is asked. A
 * {@code -XX:-UseFMA} given by hand is then not seen: the metrics are the same bits (fma is exact either way), only
 * slower to compute.
 */
final class FmaSupport {
    /** Lines of {@code /proc/cpuinfo} read at most before its first {@code flags} line (it is the first block's). */
    static final int MAX_CPUINFO_LINES = 4096;

    private FmaSupport() {}

    static boolean intrinsic() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
        if (linux && arch.equals("aarch64")) return true;
        if (linux && (arch.equals("amd64") || arch.equals("x86_64"))) {
            Boolean flags = fromCpuinfo(Path.of("/proc/cpuinfo"));
            if (flags != null) return flags;
        }
        return askVm();
    }

    /** Whether the first {@code flags} line of a cpuinfo file lists both fma and avx; null when there is none. */
    static Boolean fromCpuinfo(Path cpuinfo) {
        try (BufferedReader in = Files.newBufferedReader(cpuinfo, StandardCharsets.ISO_8859_1)) {
            String line;
            for (int n = 0; n < MAX_CPUINFO_LINES && (line = in.readLine()) != null; n++) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equals("flags")) {
                    String flags = " " + line.substring(colon + 1).replace('\t', ' ') + " ";
                    return flags.contains(" fma ") && flags.contains(" avx ");
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The VM's own answer. A runtime image without the {@code jdk.management} module gets the plain kernel. */
    static boolean askVm() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return vm != null && Boolean.parseBoolean(vm.getVMOption("UseFMA").getValue());
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
