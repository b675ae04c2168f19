package io.sluice.testkit;

import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when a tool it needs (node, redis-server, openssl, the AWS CLI, terraform) is missing: on a laptop it
 * is skipped, saying why; under CI ({@code CI=true}, which {@code .ci/run} exports) it fails, so a suite never passes by
 * silently running nothing. CI installs what the suites need.
 */
public final class Requires {
    private Requires() {}

    /** Whether this is a CI run ({@code CI=true}). */
    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Returns if {@code present}; otherwise skips the calling test, or fails it under CI, with {@code why}. */
    public static void tool(boolean present, Supplier<String> why) {
        if (present) {
            return;
        }
        if (ci()) {
            throw new AssertionError(why.get() + ". CI=true, so this test fails instead of being skipped: install what it needs.");
        }
        Assumptions.abort(why.get() + ": skipped here (it fails under CI=true).");
    }
}
