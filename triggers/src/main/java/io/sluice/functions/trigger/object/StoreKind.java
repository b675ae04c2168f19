package io.sluice.functions.trigger.object;

import java.util.Arrays;
import java.util.Optional;

/** The kind of object store an object lives in; rules may be limited to one. */
public enum StoreKind {
    S3("s3"),
    AZURE_BLOB("azure-blob"),
    LOCAL("local");

    private final String code;

    StoreKind(String code) {
        this.code = code;
    }

    /** The name used in rules, inputs and execution names: {@code s3}, {@code azure-blob}, {@code local}. */
    public String code() {
        return code;
    }

    public static Optional<StoreKind> ofCode(String code) {
        return Arrays.stream(values()).filter(k -> k.code.equals(code)).findFirst();
    }
}
