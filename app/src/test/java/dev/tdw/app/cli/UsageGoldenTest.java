package dev.tdw.app.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every command's help, usage errors and conversion messages, byte for byte (stdout, stderr, exit code) as main printed
 * them before the command line's model was written in code instead of read from annotations (the golden files were
 * captured then with {@code bin/tdw}; {@code usage/cases.txt} lists the command lines).
 */
class UsageGoldenTest {
    private static final String FOLDER = "/dev/tdw/app/cli/usage/";

    record Case(String name, String[] args) {
        @Override
        public String toString() {
            return name + ": " + String.join(" ", args);
        }
    }

    static List<Case> cases() throws IOException {
        List<Case> cases = new ArrayList<>();
        for (String line : resource("cases.txt").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int colon = line.indexOf(": ");
            cases.add(new Case(line.substring(0, colon), line.substring(colon + 2).split(" ")));
        }
        assertFalse(cases.isEmpty());
        return cases;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsWhatMainPrintedBefore(Case c) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = TdwCommand.run(c.args(), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String actual = "exit " + exit + "\n--- stdout\n" + out.toString(StandardCharsets.UTF_8)
                + "--- stderr\n" + err.toString(StandardCharsets.UTF_8);
        assertEquals(resource(c.name() + ".txt"), actual);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = UsageGoldenTest.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) throw new IOException(FOLDER + name + ": missing");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
