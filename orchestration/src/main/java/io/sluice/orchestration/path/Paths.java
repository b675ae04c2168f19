package io.sluice.orchestration.path;

/** Compiles path text once, at definition load time. */
public final class Paths {
    private Paths() {}

    /** A reference path where the text is one (fast), else full JSONPath. */
    public static Path compile(String text) {
        if (ReferencePath.isReferencePath(text)) {
            return ReferencePath.parse(text);
        }
        return QueryPath.parse(text);
    }
}
