package dev.tdw.model.input;

import dev.tdw.model.text.SafeText;

/** Where in a file a problem is: a JSON line and column, or a zip entry of a payload. */
public sealed interface InputLocation {
    /** Line and column as Jackson's {@code JsonLocation} counts them (from 1). */
    record Json(long line, long column) implements InputLocation {
        @Override
        public String toString() { return "line " + line + ", column " + column; }
    }

    /** An entry of a payload's zip, by its name in the zip directory. */
    record ZipEntry(String name) implements InputLocation {
        @Override
        public String toString() { return "zip entry " + SafeText.quoted(name); }
    }
}
