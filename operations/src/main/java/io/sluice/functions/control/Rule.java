package io.sluice.functions.control;

import java.time.Instant;
import java.util.Objects;

/**
 * A manual allow or block rule over the pipelines of a platform. Every dimension left {@code null}
 * matches anything; a rule always has an expiry ({@code until}) and lapses by itself then.
 *
 * @param pipeline      a pipeline id or a glob over ids ({@code *} any run of characters, {@code ?} one)
 * @param tenant        the tenant whose pipelines it covers
 * @param priority      the priority channel it covers ({@code P0} ... {@code P3})
 * @param partitionFrom first partition covered (inclusive; partitions compare as text, so ISO dates order)
 * @param partitionTo   last partition covered (inclusive)
 * @param from          when it takes effect
 * @param until         when it lapses (exclusive)
 */
public record Rule(String id, Effect effect, String pipeline, String tenant, String priority, String partitionFrom,
                   String partitionTo, Instant from, Instant until, String reason, String author) {

    public enum Effect { ALLOW, BLOCK }

    public Rule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(effect, "effect");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(author, "author");
    }

    public boolean activeAt(Instant now) {
        return !now.isBefore(from) && now.isBefore(until);
    }

    /** Whether the rule covers {@code target} (its time window aside). */
    public boolean covers(RuleTarget target) {
        return (pipeline == null || PipelineGlob.matches(pipeline, target.pipeline()))
                && (tenant == null || tenant.equals(target.tenant()))
                && (priority == null || priority.equals(target.priority()))
                && coversPartition(target.partition());
    }

    private boolean coversPartition(String partition) {
        if (partitionFrom == null && partitionTo == null) {
            return true;
        }
        return partition != null && (partitionFrom == null || partition.compareTo(partitionFrom) >= 0)
                && (partitionTo == null || partition.compareTo(partitionTo) <= 0);
    }

    /**
     * How narrowly the rule is drawn: an exact pipeline counts 2 (a glob 1), a tenant, a priority and a
     * partition range 1 each. A block overrides the allows that match only when it is more specific.
     */
    public int specificity() {
        int s = pipeline == null ? 0 : PipelineGlob.isGlob(pipeline) ? 1 : 2;
        s += tenant == null ? 0 : 1;
        s += priority == null ? 0 : 1;
        s += partitionFrom == null && partitionTo == null ? 0 : 1;
        return s;
    }
}
