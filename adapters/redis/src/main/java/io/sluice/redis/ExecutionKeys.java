package io.sluice.redis;

/**
 * The names of the execution store's keys. An execution's own keys carry its hash tag {@code {ID}}, so they share one
 * Redis Cluster slot and one script can commit them; the indexes (listings, pending outboxes, expiry) are global keys.
 */
final class ExecutionKeys {
    private final KeyPrefix prefix;

    ExecutionKeys(KeyPrefix prefix) {
        this.prefix = prefix;
    }

    /** An execution's hash is {@link #hashKeyStart()}, its id, then this; its outbox that and {@link #OUTBOX_SUFFIX}. */
    static final String HASH_KEY_END = "}";
    static final String OUTBOX_SUFFIX = ":outbox";

    String hashKey(String executionId) {
        return hashKeyStart() + executionId + HASH_KEY_END;
    }

    String hashKeyStart() {
        return prefix.key("exec:{");
    }

    String outboxKey(String executionId) {
        return hashKey(executionId) + OUTBOX_SUFFIX;
    }

    /** The set of the keys of its tasks' claims (RedisIdempotencyStore), which leave with it. */
    String claimsKey(String executionId) {
        return hashKey(executionId) + ":claims";
    }

    /** The hash of the deduplication marks of the messages sent for it (RedisTaskQueue, on one node), which leave with it. */
    String sentKey(String executionId) {
        return hashKey(executionId) + ":sent";
    }

    String historyKey(String executionId) {
        return hashKey(executionId) + ":history";
    }

    String expiryKey() {
        return prefix.key("expiry");
    }

    /** In the execution's slot (its hash tag), as a key of its own: it outlives the execution's other keys. */
    String retiredKey(String executionId) {
        return prefix.key("retired:{" + executionId + "}");
    }

    String pendingKey() {
        return prefix.key("outbox-pending");
    }

    String allIndex() {
        return prefix.key("idx:all");
    }

    String pipelineIndex(String pipeline) {
        return prefix.key("idx:pipeline:" + pipeline);
    }

    String statusIndex(String status) {
        return prefix.key("idx:status:" + status);
    }

    /** The status's length makes the name unambiguous when a status or pipeline contains ':'. */
    String pipelineStatusIndex(String pipeline, String status) {
        return prefix.key("idx:pipeline-status:" + status.length() + ":" + status + ":" + pipeline);
    }
}
