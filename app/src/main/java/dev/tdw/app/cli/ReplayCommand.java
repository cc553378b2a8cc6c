package dev.tdw.app.cli;

import dev.tdw.model.report.Json;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.tensor.Payload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"List the operator input sets of a payload, or replay one against a reference.",
                "A passing replay says the operator's contract holds on those inputs; it does not fix the model."})
final class ReplayCommand extends CommandSupport {
    @Option(names = "--dump", required = true, paramLabel = "PAYLOAD", description = "payload (.pt) holding captured input sets")
    Path dump;

    @Option(names = "--list", description = "list stages, occurrence counts, inputs and the addressable range")
    boolean list;

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        try (Payload p = PayloadFiles.open(dump)) {
            if (list) {
                out.println(Json.write(PayloadJson.list(p, PATHS.apply(dump))));
                return ExitCodes.RAN;
            }
        }
        throw new UnusableInputException("say --list, or --stage S#N --op NAME to replay");
    }
}
