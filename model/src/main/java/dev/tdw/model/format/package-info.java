/**
 * The capture formats tdw reads (the probe's captures and msprobe dumps): which one a path or a manifest is, and the
 * one way the command line and the window open a path named as a capture.
 */
package dev.tdw.model.format;
