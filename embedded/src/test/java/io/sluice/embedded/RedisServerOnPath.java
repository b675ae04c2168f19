package io.sluice.embedded;

import org.junit.jupiter.api.Assumptions;

/**
 * The tests that start the real {@code redis-server}: skipped on a laptop without one, failed under CI ({@code CI=true}),
 * as testkit's {@code Requires} does for the modules above this one (which this module cannot depend on).
 */
final class RedisServerOnPath {
    private RedisServerOnPath() {}

    static void require(String path) {
        if (EmbeddedRedis.executable("redis-server", path).isPresent()) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new AssertionError("redis-server is not on the PATH. CI=true, so this test fails instead of being skipped.");
        }
        Assumptions.abort("redis-server is not on the PATH: skipped here (it fails under CI=true).");
    }
}
