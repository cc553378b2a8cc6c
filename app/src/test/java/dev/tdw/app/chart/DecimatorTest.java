package dev.tdw.app.chart;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DecimatorTest {
    @Test
    void fewPointsAreKeptAsTheyAre() {
        double[] v = {1, Double.NaN, 3};
        Decimator.Points p = Decimator.decimate(v, -5, 99, 10);
        assertArrayEquals(new double[]{0, 1, 2}, p.x());
        assertTrue(Double.isNaN(p.y()[1]));
    }

    @Test
    void tenThousandStagesBecomeAtMostThreePointsPerPixelAndKeepTheSpike() {
        double[] v = new double[10_000];
        for (int i = 0; i < v.length; i++) v[i] = Math.sin(i / 50.0);
        v[7_777] = 1e6;
        Decimator.Points p = Decimator.decimate(v, 0, v.length - 1, 800);
        assertTrue(p.size() <= 2 * 800, "points: " + p.size());
        assertEquals(1e6, Arrays.stream(p.y()).max().orElseThrow());
        int at = 0;
        while (p.y()[at] != 1e6) at++;
        assertEquals(7_777, p.x()[at]);
        for (int i = 1; i < p.size(); i++) assertTrue(p.x()[i] > p.x()[i - 1], "x must increase");
    }

    @Test
    void aMissingStageInABucketBreaksTheLine() {
        double[] v = new double[1_000];
        Arrays.fill(v, 1.0);
        v[500] = Double.NaN;
        Decimator.Points p = Decimator.decimate(v, 0, 999, 100);
        long gaps = Arrays.stream(p.y()).filter(Double::isNaN).count();
        assertEquals(1, gaps);
        // An infinite statistic cannot be drawn either: it is a gap, not a point at the edge.
        v[200] = Double.POSITIVE_INFINITY;
        assertEquals(2, Arrays.stream(Decimator.decimate(v, 0, 999, 100).y()).filter(Double::isNaN).count());
    }

    @Test
    void aZoomedRangeOnlyCoversThatRange() {
        double[] v = new double[10_000];
        for (int i = 0; i < v.length; i++) v[i] = i;
        Decimator.Points p = Decimator.decimate(v, 4_000, 4_099, 800);
        assertEquals(100, p.size());
        assertEquals(4_000, p.x()[0]);
        assertEquals(4_099, p.x()[99]);
        assertEquals(0, Decimator.decimate(v, 20_000, 30_000, 10).size());
    }
}
