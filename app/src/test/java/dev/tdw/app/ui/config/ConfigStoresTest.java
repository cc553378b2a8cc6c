package dev.tdw.app.ui.config;

import dev.tdw.app.ui.testing.SystemProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConfigStoresTest {
    @TempDir
    Path tmp;

    @Test
    void recentPairsMoveToTheFrontAndStayBounded() throws IOException {
        RecentCaptures r = new RecentCaptures(tmp.resolve("cfg/recent.json"));
        for (int i = 0; i < 12; i++) r.add(tmp.resolve("l" + i), tmp.resolve("r" + i));
        r.add(tmp.resolve("l5"), tmp.resolve("r5"));
        List<RecentCaptures.Entry> list = r.load();
        assertEquals(RecentCaptures.MAX, list.size());
        assertEquals(tmp.resolve("l5"), list.get(0).left());
        assertEquals(tmp.resolve("l11"), list.get(1).left());
    }

    @Test
    void aDamagedRecentFileReadsAsEmpty() throws IOException {
        Files.writeString(tmp.resolve("recent.json"), "{not json");
        assertEquals(List.of(), new RecentCaptures(tmp.resolve("recent.json")).load());
    }

    @Test
    void geometryRoundTripsAndRefusesATinyWindow() throws IOException {
        WindowGeometry g = new WindowGeometry(10, 20, 1400, 900, false, 0.6, 0.7);
        g.save(tmp.resolve("w.json"));
        assertEquals(Optional.of(g), WindowGeometry.load(tmp.resolve("w.json")));
        new WindowGeometry(0, 0, 10, 10, false, 0.5, 0.5).save(tmp.resolve("tiny.json"));
        assertEquals(Optional.empty(), WindowGeometry.load(tmp.resolve("tiny.json")));
    }

    @Test
    void aSavedDividerThatWouldSquashTheChartOrTheTableIsPulledBack() throws IOException {
        java.nio.file.Files.writeString(tmp.resolve("w.json"),
                "{\"x\":0,\"y\":0,\"width\":1400,\"height\":900,\"table_divider\":0.02,\"chart_divider\":0.97}");
        WindowGeometry g = WindowGeometry.load(tmp.resolve("w.json")).orElseThrow();
        assertEquals(WindowGeometry.MIN_DIVIDER, g.tableDivider());
        assertEquals(WindowGeometry.MAX_DIVIDER, g.chartDivider());
    }

    @Test
    void theConfigDirectoryCanBeOverridden() {
        try (var dir = SystemProperty.set(UserConfig.DIR_PROPERTY, tmp)) {
            assertEquals(tmp.resolve("recent.json"), UserConfig.directory().resolve("recent.json"));
        }
    }
}
