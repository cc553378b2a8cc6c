package dev.tdw.model.tensor;

import java.util.Optional;

/** Element types a probe payload or manifest can name, with their torch spelling and storage class. */
public enum DType {
    FLOAT32("torch.float32", "FloatStorage", 4, Kind.FLOAT),
    FLOAT64("torch.float64", "DoubleStorage", 8, Kind.FLOAT),
    FLOAT16("torch.float16", "HalfStorage", 2, Kind.FLOAT),
    BFLOAT16("torch.bfloat16", "BFloat16Storage", 2, Kind.FLOAT),
    FLOAT8_E4M3FN("torch.float8_e4m3fn", "Float8_e4m3fnStorage", 1, Kind.FLOAT),
    FLOAT8_E5M2("torch.float8_e5m2", "Float8_e5m2Storage", 1, Kind.FLOAT),
    INT8("torch.int8", "CharStorage", 1, Kind.INTEGER),
    UINT8("torch.uint8", "ByteStorage", 1, Kind.INTEGER),
    INT16("torch.int16", "ShortStorage", 2, Kind.INTEGER),
    INT32("torch.int32", "IntStorage", 4, Kind.INTEGER),
    INT64("torch.int64", "LongStorage", 8, Kind.INTEGER),
    BOOL("torch.bool", "BoolStorage", 1, Kind.BOOL);

    /** How values of a type are compared: floats numerically, integers and bools exactly. */
    public enum Kind { FLOAT, INTEGER, BOOL }

    private final String torchName;
    private final String storageClass;
    private final int elementSize;
    private final Kind kind;

    DType(String torchName, String storageClass, int elementSize, Kind kind) {
        this.torchName = torchName;
        this.storageClass = storageClass;
        this.elementSize = elementSize;
        this.kind = kind;
    }

    /** The spelling used in manifests and payload listings, e.g. {@code torch.bfloat16}. */
    public String torchName() { return torchName; }

    /** The legacy typed-storage class name pickled by {@code torch.save}, e.g. {@code BFloat16Storage}. */
    public String storageClass() { return storageClass; }

    public int elementSize() { return elementSize; }

    public Kind kind() { return kind; }

    public boolean isFloating() { return kind == Kind.FLOAT; }

    public static Optional<DType> fromTorchName(String name) {
        if (name == null) return Optional.empty();
        for (DType t : values()) if (t.torchName.equals(name)) return Optional.of(t);
        return Optional.empty();
    }

    /** Element size in bytes for a manifest dtype string; empty when the type is unknown. */
    public static Optional<Integer> elementSizeOf(String torchName) {
        Optional<DType> t = fromTorchName(torchName); // not map(DType::elementSize): linking it slows a short command's start
        return t.isPresent() ? Optional.of(t.get().elementSize()) : Optional.empty();
    }
}
