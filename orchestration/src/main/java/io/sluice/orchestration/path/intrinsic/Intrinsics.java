package io.sluice.orchestration.path.intrinsic;

import io.sluice.orchestration.path.PathSyntaxException;

/** Parses intrinsic function calls. */
public final class Intrinsics {
    private Intrinsics() {}

    /** Parses a call; throws {@link PathSyntaxException} naming what is wrong when it does not parse. */
    public static IntrinsicCall parse(String text) {
        throw new PathSyntaxException(text, "intrinsic functions are not implemented yet");
    }
}
