package dev.tdw.model.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FmaSupportTest {
    @TempDir
    Path dir;

    private Path cpuinfo(String text) throws IOException {
        return Files.writeString(dir.resolve("cpuinfo"), text, StandardCharsets.ISO_8859_1);
    }

    @Test
    void theRuleAgreesWithTheVmHere() {
        assertEquals(FmaSupport.askVm(), FmaSupport.intrinsic());
    }

    @Test
    void fmaNeedsAvxToo() throws IOException {
        String block = "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse2 %s\nbogomips\t: 5200.00\n\n";
        assertTrue(FmaSupport.fromCpuinfo(cpuinfo(block.formatted("avx fma avx2"))));
        assertFalse(FmaSupport.fromCpuinfo(cpuinfo(block.formatted("fma avx2"))), "avx2 is not avx");
        assertFalse(FmaSupport.fromCpuinfo(cpuinfo(block.formatted("avx fma4"))), "fma4 is not fma");
    }

    @Test
    void onlyTheFirstBlockCounts() throws IOException {
        String text = "processor\t: 0\nflags\t\t: sse2 avx\n\nprocessor\t: 1\nflags\t\t: sse2 avx fma\n";
        assertFalse(FmaSupport.fromCpuinfo(cpuinfo(text)));
    }

    @Test
    void noAnswerWithoutAFlagsLineWithinTheLimit() throws IOException {
        assertNull(FmaSupport.fromCpuinfo(cpuinfo("processor\t: 0\nFeatures\t: fp asimd\n")));
        assertNull(FmaSupport.fromCpuinfo(dir.resolve("missing")));
        String late = "x\n".repeat(FmaSupport.MAX_CPUINFO_LINES) + "flags\t\t: avx fma\n";
        assertNull(FmaSupport.fromCpuinfo(cpuinfo(late)));
        String justInTime = "x\n".repeat(FmaSupport.MAX_CPUINFO_LINES - 1) + "flags\t\t: avx fma\n";
        assertTrue(FmaSupport.fromCpuinfo(cpuinfo(justInTime)));
    }
}
