package dev.tdw.model.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;

/** The JSON that Python's {@code json} module writes, as every reader of probe manifests and msprobe dumps parses it. */
public final class PythonJson {
    private PythonJson() {}

    /**
     * A streaming parser factory (no ObjectMapper, whose creation alone costs more than reading a small manifest) that
     * accepts Python's bare {@code NaN}, {@code Infinity} and {@code -Infinity}, parses decimals with Jackson's public
     * fast parser (correctly rounded like {@link Double#parseDouble}: the same bits, several times faster on the
     * statistics) and refuses nesting and strings beyond the given bounds.
     */
    public static JsonFactory factory(int maxDepth, int maxStringLength) {
        return new JsonFactoryBuilder()
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(maxDepth)
                        .maxStringLength(maxStringLength)
                        .build())
                .build();
    }
}
