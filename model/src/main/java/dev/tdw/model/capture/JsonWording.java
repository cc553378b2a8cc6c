package dev.tdw.model.capture;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.tdw.model.input.InputException;
import dev.tdw.model.input.InputLocation;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.input.StrictUtf8InputStream;
import dev.tdw.model.text.SafeText;

import java.io.CharConversionException;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our words for what Jackson found wrong in a manifest. Jackson's own messages name its features, token types and
 * settings ({@code JsonReadFeature.ALLOW_COMMENTS}, {@code VALUE_STRING}, {@code [Source: REDACTED ...]}), which mean
 * nothing to a user; only the facts are taken from them (the character, the word, the limit), each by a pattern that
 * falls back to a plain "not valid JSON here" when Jackson words a case differently.
 */
public final class JsonWording {
    private static final Pattern UNEXPECTED = Pattern.compile("^Unexpected character \\(.*?\\(code (\\d+)[^)]*\\)\\)( in numeric value)?:? ?(.*)$", Pattern.DOTALL);
    private static final Pattern TOKEN = Pattern.compile("^Unrecognized token '(.*)': was expecting", Pattern.DOTALL);
    private static final Pattern CLOSE = Pattern.compile("^Unexpected close marker '(.)': expected '(.)'");
    private static final Pattern CONTROL = Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    private static final Pattern ESCAPE = Pattern.compile("^Unrecognized character escape '(.)'");
    private static final Pattern LIMIT = Pattern.compile("maximum allowed \\((\\d+)");

    private JsonWording() {}

    /**
     * A JSON file's read that failed, as the user reads it: every reader of JSON files (manifests, msprobe dumps) ends
     * its read here, so a failure is worded one way. An interrupt of the reading thread is a cancellation, thrown.
     *
     * @param at where the parser stood, for a parse error that carries no location of its own (limits); may be null
     */
    public static CaptureFormatException failure(Path file, IOException e, JsonLocation at) {
        if (e instanceof CaptureFormatException c) return c;
        if (e instanceof InputException i) return new CaptureFormatException(file, i.reason(), e);
        if (e instanceof ClosedByInterruptException) {
            CancellationException cancelled = new CancellationException("reading " + file + " was cancelled (interrupted)");
            cancelled.initCause(e);
            throw cancelled;
        }
        if (e instanceof StrictUtf8InputStream.Malformed m) {
            return new CaptureFormatException(file, new InputLocation.Json(m.line(), m.column()), m.getMessage(), e);
        }
        // The parser's own decoding errors, past StrictUtf8InputStream's check; their wording is Jackson's.
        if (e instanceof CharConversionException) return new CaptureFormatException(file, "invalid UTF-8", e);
        if (e instanceof JsonProcessingException j) {
            JsonLocation loc = j.getLocation() != null ? j.getLocation() : at;
            return new CaptureFormatException(file, location(loc), "invalid JSON at " + where(loc) + ": " + of(j), e);
        }
        return new CaptureFormatException(file, RegularFiles.reason(e), e);
    }

    /** A parser's location as the input location errors carry (null when unknown). */
    public static InputLocation location(JsonLocation loc) {
        return loc == null ? null : new InputLocation.Json(loc.getLineNr(), loc.getColumnNr());
    }

    /** "line L, column C" of a parser's location. */
    public static String where(JsonLocation loc) {
        return loc == null ? "unknown location" : "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }

    /** What is wrong, in our words; the caller adds the file, line and column. */
    static String of(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (e instanceof StreamConstraintsException) return limit(m);
        if (m.startsWith("Unexpected end-of-input")) return "the file ends inside the JSON (cut short?)" + within(m);
        Matcher u = UNEXPECTED.matcher(m);
        if (u.find()) return unexpected(Integer.parseInt(u.group(1)), u.group(2) != null, u.group(3));
        Matcher t = TOKEN.matcher(m);
        if (t.find()) return "unknown word " + SafeText.quoted(t.group(1)) + " where a value belongs (a string, number, list, object, true, false or null)";
        Matcher c = CLOSE.matcher(m);
        if (c.find()) return "'" + c.group(1) + "' where '" + c.group(2) + "' closes the open " + (c.group(2).equals("]") ? "list" : "object");
        Matcher ctl = CONTROL.matcher(m);
        if (ctl.find()) return "control character " + codePoint(Integer.parseInt(ctl.group(1))) + " inside a string (it must be escaped)";
        Matcher esc = ESCAPE.matcher(m);
        if (esc.find()) return "invalid escape " + SafeText.of("\\" + esc.group(1)) + " in a string";
        if (m.startsWith("Invalid numeric value: Leading zeroes")) return "malformed number: a leading zero";
        if (m.startsWith("Invalid numeric value")) return "malformed number";
        if (m.contains("out of range")) return "a number out of range";
        return "not valid JSON here";
    }

    private static String limit(String m) {
        Matcher max = LIMIT.matcher(m);
        String bound = max.find() ? max.group(1) : null;
        String what = m.startsWith("Document nesting depth") ? "lists and objects nested deeper than " + bound + " levels"
                : m.startsWith("String value length") ? "a string longer than " + bound + " characters"
                : m.startsWith("Number value length") || m.startsWith("Number length") ? "a number longer than " + bound + " characters"
                : m.startsWith("Name length") ? "a field name longer than " + bound + " characters"
                : null;
        return what == null || bound == null ? "over a limit of the JSON reader" : what + " (limit)";
    }

    private static String within(String m) {
        if (m.contains("VALUE_STRING")) return ", inside a string";
        if (m.contains("field name")) return ", inside a field name";
        if (m.contains("Array")) return ", inside a list";
        if (m.contains("Object")) return ", inside an object";
        return "";
    }

    private static String unexpected(int code, boolean inNumber, String comment) {
        String ch = character(code);
        if (inNumber) return "malformed number: " + ch + (comment.contains("plus sign") ? " is not allowed" : " where a digit belongs");
        if (comment.contains("comment")) return ch + ": comments are not JSON";
        if (comment.contains("colon")) return "unexpected " + ch + ": expected ':' after a field name";
        if (comment.contains("Object entries")) return "unexpected " + ch + ": expected ',' or '}'";
        if (comment.contains("Array entries")) return "unexpected " + ch + ": expected ',' or ']'";
        if (comment.contains("field name")) return "unexpected " + ch + ": expected a field name in double quotes (a comma too many?)";
        if (comment.contains("hex-digit")) return "unexpected " + ch + " in a \\u escape: expected a hex digit";
        if (comment.contains("root-level")) return "unexpected " + ch + " after the manifest's object";
        if (comment.contains("value")) return "unexpected " + ch + " where a value belongs";
        return "unexpected " + ch;
    }

    /** A character as a person can see it: quoted when printable ASCII, else its code point. */
    private static String character(int code) {
        return code > 0x20 && code < 0x7F ? "'" + (char) code + "'" : codePoint(code);
    }

    private static String codePoint(int code) {
        return String.format("U+%04X", code);
    }
}
