package dev.tdw.model.analysis;

import java.util.List;

/**
 * Which stages only one side captured, and what that suggests: keys of its own on both sides point
 * to different code paths; graph slots mean graph replay skipped the Python captures, so those
 * stages can only be compared as tensors.
 */
public record Coverage(List<String> onlyLeft, List<String> onlyRight, int graphSlots) {
    public Coverage {
        onlyLeft = List.copyOf(onlyLeft);
        onlyRight = List.copyOf(onlyRight);
    }

    /** Both sides captured the same keys. */
    public boolean complete() { return onlyLeft.isEmpty() && onlyRight.isEmpty(); }

    /** Each side has stages the other lacks: suspect first that the runs took different paths. */
    public boolean differentPaths() { return !onlyLeft.isEmpty() && !onlyRight.isEmpty(); }
}
