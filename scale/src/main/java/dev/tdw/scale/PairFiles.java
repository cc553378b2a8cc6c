package dev.tdw.scale;

import java.io.Serializable;

/** The two files of one pair, as a task receives them: local paths of the executor (see {@link Root}). */
record PairFiles(String left, String right) implements Serializable {}
