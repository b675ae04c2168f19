package io.sluice.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The names of the execution store's keys. An execution's own keys share one Redis Cluster slot, so one script can
 * commit them: on one node they carry the execution's hash tag ({@code P:exec:{ID}}), on Cluster its shard's
 * ({@code P:exec:{P:s<k>.<n>}ID}, {@link Shards}), and so do its shard's indexes (listings, pending outboxes, expiry),
 * which on one node are the global keys they always were.
 */
final class ExecutionKeys {
    private static final MessageDigest SHA1 = newSha1();
    private final KeyPrefix prefix;
    private final Shards shards;

    ExecutionKeys(KeyPrefix prefix, Shards shards) {
        this.prefix = prefix;
        this.shards = shards;
    }

    static final String OUTBOX_SUFFIX = ":outbox";
    /**
     * The buckets of stubs over all shards. A bucket stays a listpack up to 128 fields (Redis's default
     * hash-max-listpack-entries): 1,000,000 sleeping executions, half with a claim field, are ~92 fields a bucket; at
     * 100,000, ~9, whose keys then cost ~11 bytes a field. Past ~1,400,000 fields the buckets grow into hashtables (~50
     * bytes more a field) unless the server's hash-max-listpack-entries is raised. Changing it moves every bucketed stub.
     */
    static final int STUB_BUCKETS = 16_384;

    Shards shards() {
        return shards;
    }

    /** {@link #hashKeyStart}, the id, {@link #hashKeyEnd}. */
    String hashKey(String executionId) {
        return hashKeyStart(shards.of(executionId)) + executionId + hashKeyEnd();
    }

    /** What the hash keys of {@code shard}'s executions start with, before the id. */
    String hashKeyStart(int shard) {
        return shards.tagged() ? prefix.key("exec:" + shards.tag(shard)) : prefix.key("exec:{");
    }

    /** What the hash keys end with, after the id. */
    String hashKeyEnd() {
        return shards.tagged() ? "" : "}";
    }

    String outboxKey(String executionId) {
        return hashKey(executionId) + OUTBOX_SUFFIX;
    }

    /**
     * The set of the keys of its tasks' claims that builds before the claims went into the execution hash kept
     * ({@code lua/lib/claim.lua}); read only by the removal, which still deletes what it names.
     */
    String claimsKey(String executionId) {
        return hashKey(executionId) + ":claims";
    }

    /** What the key of a task's claim of an execution of {@code shard} starts with, before the execution id. */
    String claimKeyStart(int shard) {
        return shards.tagged() ? prefix.key("idem:" + shards.tag(shard)) : prefix.key("idem:{");
    }

    /** What comes between the execution id and the rest of the token in the key of a task's claim. */
    String claimKeyMiddle() {
        return shards.tagged() ? "" : "}";
    }

    /** What the keys of the claims of {@code executionId}'s tasks start with: a claim's field name, less its 'c', ends one. */
    String claimKeysOf(String executionId) {
        return claimKeyStart(shards.of(executionId)) + executionId + claimKeyMiddle();
    }

    /** The hash of the deduplication marks of the messages sent for it (RedisTaskQueue), which leave with it. */
    String sentKey(String executionId) {
        return hashKey(executionId) + ":sent";
    }

    String historyKey(String executionId) {
        return hashKey(executionId) + ":history";
    }

    /** In the execution's slot, as a key of its own: it outlives the execution's other keys. */
    String retiredKey(String executionId) {
        return shards.tagged() ? prefix.key("retired:" + shards.tag(shards.of(executionId)) + executionId)
                : prefix.key("retired:{" + executionId + "}");
    }

    int shardOf(String executionId) {
        return shards.of(executionId);
    }

    String expiryKey(int shard) {
        return shardKey(shard, "expiry");
    }

    /** Removed executions whose history objects are still to be deleted ({@link HistoryGone}). */
    String historyGoneKey(int shard) {
        return shardKey(shard, "history-gone");
    }

    String pendingKey(int shard) {
        return shardKey(shard, "outbox-pending");
    }

    String allIndex(int shard) {
        return shardKey(shard, "idx:all");
    }

    String pipelineIndex(int shard, String pipeline) {
        return shardKey(shard, "idx:pipeline:" + pipeline);
    }

    String statusIndex(int shard, String status) {
        return shardKey(shard, "idx:status:" + status);
    }

    /** The status's length makes the name unambiguous when a status or pipeline contains ':'. */
    String pipelineStatusIndex(int shard, String pipeline, String status) {
        return shardKey(shard, "idx:pipeline-status:" + status.length() + ":" + status + ":" + pipeline);
    }

    /** How many buckets of stubs a shard has ({@code lua/lib/stubs.lua}). */
    int stubBuckets() {
        return Math.max(256, STUB_BUCKETS / shards.count());
    }

    /** What the keys of {@code shard}'s buckets of stubs start with, before the bucket's number. */
    String stubBucketStart(int shard) {
        return shardKey(shard, "stubs:");
    }

    /**
     * The bucket the stub of {@code executionId} is kept in when it keeps nothing but its version, definition number and
     * start ({@code lua/lib/stubs.lua}'s stubBucket): the first 24 bits of the id's SHA-1 modulo {@link #stubBuckets}.
     */
    String stubBucket(String executionId) {
        byte[] sha = sha1().digest(executionId.getBytes(StandardCharsets.UTF_8));
        int first = (sha[0] & 0xff) << 16 | (sha[1] & 0xff) << 8 | sha[2] & 0xff;
        return stubBucketStart(shards.of(executionId)) + first % stubBuckets();
    }

    /**
     * A SHA-1 digest, cloned from one made once: every commit names its stub's bucket, and {@code MessageDigest.getInstance}
     * looks up its provider each time (~2.5 % of the orchestrator's JVM samples in a burst of wakes, JFR).
     */
    private static MessageDigest sha1() {
        try {
            return (MessageDigest) SHA1.clone();
        } catch (CloneNotSupportedException e) {
            return newSha1();
        }
    }

    private static MessageDigest newSha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is a JDK's own", e);
        }
    }

    /** The numbers of the definition hashes {@code shard}'s stubs keep ({@link DefinitionNumbers}). */
    String definitionNumbers(int shard) {
        return shardKey(shard, "stub-definitions");
    }

    /** The hash of the pipelines of {@code shard} that have sleeping executions, each with how many (execution-stub.lua). */
    String sleepingPipelines(int shard) {
        return shardKey(shard, "idx:sleeping-pipelines");
    }

    /**
     * The directory of the sleeping executions of {@code pipeline} in {@code shard} ({@code lua/lib/sleeping.lua}):
     * {@link #sleepingIndexStart}, the pipeline's length in UTF-8 bytes (as Lua counts it), ':' and the pipeline.
     */
    String sleepingIndex(int shard, String pipeline) {
        return sleepingIndexStart(shard) + pipeline.getBytes(StandardCharsets.UTF_8).length + ":" + pipeline;
    }

    /** What the directories of {@code shard}'s sleeping executions start with (execution-stub.lua names one). */
    String sleepingIndexStart(int shard) {
        return shardKey(shard, "idx:sleeping:");
    }

    /**
     * The indexes of {@code shard} whose union lists the executions of {@code pipeline} and {@code status} (null: any).
     * A sleeping execution is only among its pipeline's sleeping executions (execution-stub.lua), so a listing that would
     * find it in a set it left reads those too: with a pipeline, that pipeline's; with no pipeline, those of
     * {@code sleeping}, the shard's pipelines that have sleeping executions. Stubs of earlier builds stayed in their
     * pipeline's RUNNING set (and, earlier still, in every set), which those listings read as well.
     */
    List<ListingIndex> listingIndexes(int shard, String pipeline, String status, Collection<String> sleeping) {
        List<ListingIndex> sets = new ArrayList<>();
        if (pipeline != null) {
            if (status != null) {
                sets.add(ListingIndex.set(pipelineStatusIndex(shard, pipeline, status)));
            } else {
                sets.add(ListingIndex.set(pipelineIndex(shard, pipeline)));
                sets.add(ListingIndex.set(pipelineStatusIndex(shard, pipeline, SummaryFields.RUNNING)));
            }
            if (status == null || status.equals(SummaryFields.RUNNING)) {
                sets.add(ListingIndex.sleeping(sleepingIndex(shard, pipeline)));
            }
            return sets;
        }
        if (status == null) {
            sets.add(ListingIndex.set(allIndex(shard)));
        }
        if (listsSleepingByPipeline(null, status)) {
            sets.add(ListingIndex.set(statusIndex(shard, SummaryFields.RUNNING)));
            for (String p : sleeping) {
                sets.add(ListingIndex.set(pipelineStatusIndex(shard, p, SummaryFields.RUNNING)));
                sets.add(ListingIndex.sleeping(sleepingIndex(shard, p)));
            }
        } else {
            sets.add(ListingIndex.set(statusIndex(shard, status)));
        }
        return sets;
    }

    /** Whether a listing of {@code pipeline} and {@code status} reads the pipelines that have sleeping executions. */
    static boolean listsSleepingByPipeline(String pipeline, String status) {
        return pipeline == null && (status == null || status.equals(SummaryFields.RUNNING));
    }

    /** {@code P:<part>} on one node, {@code P:<shard tag>:<part>} on Cluster. */
    private String shardKey(int shard, String part) {
        return shards.tagged() ? prefix.key(shards.tag(shard) + ":" + part) : prefix.key(part);
    }
}
