package io.sluice.redis;

import java.util.Objects;

/**
 * The first segment of every key an adapter writes, so that tenants, environments and tests share
 * a server without seeing each other's data. Braces are refused: Redis Cluster hashes the text
 * between the first {@code {}} and {@code }} of a key, and the adapters place those hash tags
 * themselves.
 */
record KeyPrefix(String value) {
    KeyPrefix {
        Objects.requireNonNull(value, "keyPrefix");
        if (value.isBlank() || value.indexOf('{') >= 0 || value.indexOf('}') >= 0) {
            throw new IllegalArgumentException(
                    "A Redis key prefix must be non-blank and contain no '{' or '}', but was '" + value + "'");
        }
    }

    /** {@code <prefix>:<part>}. */
    String key(String part) {
        return value + ":" + part;
    }
}
