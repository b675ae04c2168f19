package io.sluice.functions.trigger.object;

import java.util.Objects;
import java.util.Optional;

/**
 * One rule: objects in {@code bucket} (of {@code store}, if given) whose key passes {@code filter} and
 * whose size lies in [{@code minSize}, {@code maxSize}] start {@code pipeline} with the input
 * {@code input} renders; {@code partition}, if given, reads the partition from the key.
 *
 * @param id        names the rule in reports, logs and problems
 * @param store     the only store kind the rule takes, or {@code null} for any
 * @param partition how the partition is read from the key, or {@code null} when the rule has none
 */
public record ObjectRule(String id, StoreKind store, String bucket, KeyFilter filter, long minSize, long maxSize,
                         String pipeline, PartitionSpec partition, InputTemplate input) {
    public ObjectRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(bucket, "bucket");
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(pipeline, "pipeline");
        Objects.requireNonNull(input, "input");
        if (minSize < 0 || maxSize < minSize) {
            throw new IllegalArgumentException("rule " + id + ": sizes must satisfy 0 ≤ minSize ≤ maxSize; got " + minSize + " and " + maxSize);
        }
    }

    /** Why this rule does not take {@code object}, or empty when it does. */
    public Optional<String> mismatch(ObjectCreated object) {
        if (store != null && store != object.store()) {
            return Optional.of("rule " + id + " takes " + store.code() + " objects, not " + object.store().code());
        }
        if (!bucket.equals(object.bucket())) {
            return Optional.of("rule " + id + " takes bucket " + bucket + ", not " + object.bucket());
        }
        if (!filter.matches(object.key())) {
            return Optional.of("rule " + id + " takes keys by " + filter.describe());
        }
        if (object.size() < minSize) {
            return Optional.of("rule " + id + " takes objects of at least " + minSize + " bytes; this one has " + object.size());
        }
        if (object.size() > maxSize) {
            return Optional.of("rule " + id + " takes objects of at most " + maxSize + " bytes; this one has " + object.size());
        }
        return Optional.empty();
    }

    public boolean matches(ObjectCreated object) {
        return mismatch(object).isEmpty();
    }
}
