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

    /**
     * The first part of every key of a family of keys that scripts use together: {@code <prefix>:<family>:} on one
     * node (the names the family had before Cluster, so a running deployment keeps its data), {@code
     * <prefix>:{<prefix>:<family>}:} on Redis Cluster, one hash tag for the whole family, so its scripts stay in one
     * slot (a family small enough for one shard: rules, dependency waits).
     */
    String family(String family, boolean cluster) {
        return cluster ? value + ":{" + value + ":" + family + "}:" : value + ":" + family + ":";
    }
}
