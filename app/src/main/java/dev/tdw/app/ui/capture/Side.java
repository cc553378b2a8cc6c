package dev.tdw.app.ui.capture;

/** The two captures being compared; the right side is the one under suspicion (the diff's convention). */
public enum Side {
    LEFT("left"), RIGHT("right");

    private final String word;

    Side(String word) { this.word = word; }

    public String word() { return word; }
}
