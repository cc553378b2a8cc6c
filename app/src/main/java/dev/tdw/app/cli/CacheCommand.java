package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.bridge.remote.PayloadCache;
import dev.tdw.bridge.remote.SshSettings;
import dev.tdw.model.report.Json;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** {@code tdw cache show|clear}: the local copies of remote payloads (docs/remote.md), their size, and emptying them. */
final class CacheCommand extends CommandSupport {
    /** What {@code tdw cache} does. */
    enum Action { show, clear }

    private final OptionValue<List<Action>> action = new OptionValue<>(new ArrayList<>());

    @Override
    CommandSpec model() {
        CommandSpec spec = command("cache",
                "Show or clear the local copies of payloads read from remote hosts (ssh:// captures).",
                "show prints the cache's folder, size and limit; clear empties it.",
                "Entries are checked before reuse; the least recently used go past the limit",
                "(TDW_CACHE_LIMIT_MIB, default 8192).");
        spec.addPositional(CommandModel.positionals(action, Action.class).arity("1").paramLabel("show|clear").description("show or clear").build());
        return spec;
    }

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        SshSettings settings = SshSettings.user(System.getenv());
        PayloadCache cache = new PayloadCache(settings.cacheDir(), settings.cacheLimit());
        ObjectNode json = Json.object();
        json.put("status", "ok");
        json.put("command", "cache");
        json.put("folder", cache.dir().toString());
        try {
            if (action.value().get(0) == Action.clear) json.put("cleared_bytes", cache.clear());
            json.put("bytes", cache.size());
        } catch (IOException e) {
            throw new UnusableInputException(cache.dir() + ": " + dev.tdw.model.input.RegularFiles.reason(e), e);
        }
        json.put("limit_bytes", settings.cacheLimit());
        printJson(out, json);
        return ExitCodes.RAN;
    }
}
