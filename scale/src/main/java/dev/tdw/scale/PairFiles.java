package dev.tdw.scale;

import java.io.Serializable;

/** The two files of one pair, as a task receives them: the texts of their paths, each under its {@link Root}. */
record PairFiles(String left, String right) implements Serializable {}
