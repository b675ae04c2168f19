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

    String hashKey(String executionId) {
        return prefix.key("exec:{" + executionId + "}");
    }

    String outboxKey(String executionId) {
        return hashKey(executionId) + ":outbox";
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
