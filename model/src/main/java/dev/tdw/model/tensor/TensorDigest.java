package dev.tdw.model.tensor;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A fingerprint of one tensor, as the payload listing prints it: sha256 of the little-endian element bytes in
 * row-major order (independent of strides and of the file's byte order), the sum of all elements in float64,
 * and the first eight values ({@code Double} for floating types, {@code Long} for integers, {@code Boolean} for bool).
 */
public record TensorDigest(String sha256, double sum, List<Object> first) {
    public static final int FIRST_COUNT = 8;
    private static final int CHUNK = 4096;

    public TensorDigest {
        first = List.copyOf(first);
    }

    /** The digest of {@code t}, read under {@link MappedRead#guard}: a payload cut meanwhile is an error naming it. */
    public static TensorDigest of(Tensor t) throws PayloadFormatException {
        return MappedRead.guard(() -> computed(t), t);
    }

    private static TensorDigest computed(Tensor t) {
        MessageDigest sha = newSha256();
        TensorBytes.forEachChunk(t, chunk -> sha.update(chunk.duplicate()));
        DType type = t.dtype();
        StorageBytes bytes = t.bytes();
        List<Object> first = new ArrayList<>(FIRST_COUNT);
        double[] sum = {0};
        if (type.isFloating()) {
            double[] values = new double[CHUNK];
            ElementDecoder decoder = new ElementDecoder(CHUNK);
            StridedRows.forEach(t, (start, stride, count) -> {
                for (int done = 0; done < count; done += CHUNK) {
                    int n = Math.min(CHUNK, count - done);
                    decoder.readDoubles(bytes, type, start + done * stride, stride, n, values);
                    double s = sum[0];
                    for (int i = 0; i < n; i++) s += values[i];
                    sum[0] = s;
                    for (int i = 0; i < n && first.size() < FIRST_COUNT; i++) first.add(values[i]);
                }
            });
        } else {
            long[] values = new long[CHUNK];
            StridedRows.forEach(t, (start, stride, count) -> {
                for (int done = 0; done < count; done += CHUNK) {
                    int n = Math.min(CHUNK, count - done);
                    ElementCodec.readLongs(bytes, type, start + done * stride, stride, n, values);
                    double s = sum[0];
                    for (int i = 0; i < n; i++) s += values[i];
                    sum[0] = s;
                    for (int i = 0; i < n && first.size() < FIRST_COUNT; i++) {
                        first.add(type == DType.BOOL ? (Object) (values[i] != 0) : (Object) values[i]);
                    }
                }
            });
        }
        return new TensorDigest(HexFormat.of().formatHex(sha.digest()), sum[0], first);
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }
}
