package dev.tdw.app.ui.sets;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How far the overview scrolls to bring the open pair's cell into view: as little as needed, never past either end. */
class CaptureSetViewRevealTest {
    @Test
    void scrollsJustEnoughToShowTheCell() {
        // Content 1000 long in a 400 view: 600 to scroll.
        assertEquals(0.25, CaptureSetView.reveal(0, 450, 550, 1000, 400), 1e-9, "a cell past the right edge ends at it");
        assertEquals(0.5, CaptureSetView.reveal(0.9, 300, 400, 1000, 400), 1e-9, "a cell left of the view starts at its left");
        assertEquals(0.3, CaptureSetView.reveal(0.3, 200, 300, 1000, 400), 1e-9, "a cell in view stays where it is");
        assertEquals(1.0, CaptureSetView.reveal(0, 950, 1000, 1000, 400), 1e-9);
        assertEquals(0.0, CaptureSetView.reveal(0.5, -20, 100, 1000, 400), 1e-9, "never before the start");
        assertEquals(0.7, CaptureSetView.reveal(0.7, 0, 100, 300, 400), 1e-9, "content that fits needs no scrolling");
        // A cell wider than the view shows its start.
        assertEquals(100 / 600.0, CaptureSetView.reveal(0, 100, 600, 1000, 400), 1e-9);
    }

    @Test
    void aRankHeaderSlidesInsideItsColumnToStayInView() {
        // A column 200..400, header words 50 wide, seen from 120 (the names' edge) to 500.
        assertEquals(200, CaptureSetView.slide(200, 50, 400, 120, 500), 1e-9, "a column wholly in view: where it starts");
        assertEquals(300, CaptureSetView.slide(200, 50, 400, 300, 600), 1e-9, "half under the names: just right of them");
        assertEquals(350, CaptureSetView.slide(200, 50, 400, 380, 700), 1e-9, "never past its column's end");
        assertEquals(200, CaptureSetView.slide(200, 50, 400, 0, 230), 1e-9, "cut on the right: never before its column");
        assertEquals(300, CaptureSetView.slide(300, 50, 400, 150, 300), 1e-9, "a column beyond the view: where it starts");
        assertEquals(200, CaptureSetView.slide(200, 300, 400, 300, 600), 1e-9, "words wider than the column stay at its start");
    }
}
