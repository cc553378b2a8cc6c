package dev.tdw.model.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.tensor.CaptureFiles;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.TestTensors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** Listing details the real captures do not exercise: integer and bool values, big integers, plain inputs. */
class PayloadJsonTest {
    @TempDir
    Path dir;

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void integerBoolAndPlainValuesAreListedAsPythonWouldPrintThem() throws Exception {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("big", new BigInteger("18446744073709551616"));
        metadata.put("ratio", 0.5);
        Path file = dir.resolve("x.pt");
        new PayloadWriter("probe", "x", 2, metadata)
                .tensor("ids", TestTensors.ofLongs(DType.INT64, new long[] {2}, Long.MAX_VALUE, -1))
                .inputSet("op", Map.of("mask", TestTensors.ofLongs(DType.BOOL, new long[] {2}, 1, 0)))
                .inputSet("op", Map.of("eps", 1e-5))
                .write(file);
        try (Payload p = new PayloadReader().read(file)) {
            JsonNode expected = CaptureFiles.JSON.readTree("""
                    {"status": "ok", "command": "payload", "dump": "x.pt", "probe": "probe", "label": "x", "rank": 2,
                     "metadata": {"big": 18446744073709551616, "ratio": 0.5},
                     "entries": [
                      {"key": "ids#0", "kind": "tensor", "dtype": "torch.int64", "shape": [2], "numel": 2,
                       "sha256": "%s",
                       "sum": 9.223372036854776e18, "first": [9223372036854775807, -1]},
                      {"key": "op:mask#0", "kind": "tensor", "dtype": "torch.bool", "shape": [2], "numel": 2,
                       "sha256": "%s", "sum": 1.0, "first": [true, false]},
                      {"key": "op:eps#0", "kind": "non-tensor", "value": "1e-05"}]}""".formatted(
                    sha256(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(Long.MAX_VALUE).putLong(-1).array()),
                    sha256(new byte[] {1, 0})));
            CaptureFiles.assertJsonClose(expected, PayloadJson.payload(p, "x.pt"), "payload");
            CaptureFiles.assertJsonClose(CaptureFiles.JSON.readTree("""
                    {"status": "ok", "command": "list", "dump": "x.pt",
                     "stages": {"op": {"occurrences": 2, "inputs": ["eps", "mask"], "addressable_as": "op#0 .. op#1"}}}"""),
                    PayloadJson.list(p, "x.pt"), "list");
        }
    }
}
