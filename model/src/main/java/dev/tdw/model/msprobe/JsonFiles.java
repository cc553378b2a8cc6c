package dev.tdw.model.msprobe;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.JsonWording;
import dev.tdw.model.capture.PythonJson;
import dev.tdw.model.input.InputLocation;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.input.StrictUtf8InputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** Opens one msprobe JSON file for streaming, and turns every way it can fail into a message naming the file and place. */
final class JsonFiles {
    private final JsonFactory factory;
    private final MsprobeLimits limits;

    JsonFiles(MsprobeLimits limits) {
        this.limits = limits;
        this.factory = PythonJson.factory(limits.maxDepth(), limits.maxStringLength());
    }

    MsprobeLimits limits() { return limits; }

    /** What reads an opened file: the parser is positioned before its first token. */
    interface Body<T> {
        T read(JsonParser p) throws IOException;
    }

    /** Reads {@code file} with {@code body}; the JSON must be one value with nothing after it. */
    <T> T read(Path file, Body<T> body) throws CaptureFormatException {
        try (FileChannel channel = RegularFiles.open(file)) {
            long size = channel.size();
            if (size > limits.maxBytes()) {
                throw new CaptureFormatException(file, "is " + size + " bytes, over the limit of " + limits.maxBytes());
            }
            InputStream in = new StrictUtf8InputStream(Channels.newInputStream(channel));
            try (JsonParser p = factory.createParser(in)) {
                try {
                    T value = body.read(p);
                    if (p.nextToken() != null) throw refused(file, p, "data after the top-level object");
                    return value;
                } catch (JsonProcessingException e) {
                    throw JsonWording.failure(file, e, p.currentLocation());
                }
            }
        } catch (IOException e) {
            throw JsonWording.failure(file, e, null);
        }
    }

    /** A refusal at the parser's current token: "FILE at line L, column C: PROBLEM". */
    static CaptureFormatException refused(Path file, JsonParser p, String problem) {
        return refused(file, p.currentTokenLocation(), problem);
    }

    static CaptureFormatException refused(Path file, JsonLocation at, String problem) {
        return new CaptureFormatException(file, location(at), "at " + where(at) + ": " + problem, null);
    }

    private static String where(JsonLocation loc) {
        return JsonWording.where(loc);
    }

    private static InputLocation location(JsonLocation loc) {
        return JsonWording.location(loc);
    }
}
