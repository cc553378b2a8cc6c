package dev.tdw.model.text;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** RFC 4180 quoting, formula guarding and escaping of CSV cells (docs/security.md, "CSV output"). */
class CsvTest {
    @Test
    void rfc4180QuotesCommasQuotesAndEdgeSpaces() {
        assertEquals("Tensor.add.0.forward.input.0", Csv.text("Tensor.add.0.forward.input.0"));
        assertEquals("\"[2, 16]\"", Csv.text("[2, 16]"));
        assertEquals("\"say \"\"hi\"\"\"", Csv.text("say \"hi\""));
        assertEquals("\" padded \"", Csv.text(" padded "));
        assertEquals("", Csv.text(null));
    }

    @Test
    void aCellThatAFormulaCouldStartIsQuotedAndPrefixed() {
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\")\"", Csv.text("=HYPERLINK(\"http://x\")"));
        assertEquals("\"'+cmd|' /C calc'!A0\"", Csv.text("+cmd|' /C calc'!A0"));
        assertEquals("\"'-2+3\"", Csv.text("-2+3"));
        assertEquals("\"'@SUM(A1)\"", Csv.text("@SUM(A1)"));
        // A plain number is read as a number whatever its sign: left as it is.
        assertEquals("-1", Csv.text("-1"));
        assertEquals("-1.5e-3", Csv.text("-1.5e-3"));
        assertEquals("+2", Csv.text("+2"));
    }

    @Test
    void controlCharactersAreEscapedAsEverywhere() {
        // A newline or CR would end the row; a tab starting a cell is a formula trigger too: all escaped.
        assertEquals("a\\u000ab", Csv.text("a\nb"));
        assertEquals("\\u0009=1", Csv.text("\t=1"));
        assertEquals("x\\u001b[2J", Csv.text("x\u001b[2J"));
        assertEquals("\\u202eevil", Csv.text("\u202eevil"));
    }

    @Test
    void numbersAndRows() {
        assertEquals("127", Csv.number(127.0));
        assertEquals("0.019360899925231934", Csv.number(0.019360899925231934));
        assertEquals("nan", Csv.number(Double.NaN));
        assertEquals("-inf", Csv.number(Double.NEGATIVE_INFINITY));
        assertEquals(Csv.NOT_AVAILABLE, Csv.number(null));
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        Csv.row(out, List.of("a", "\"b,c\"", ""));
        out.flush();
        assertEquals("a,\"b,c\",\r\n", s.toString());
    }
}
