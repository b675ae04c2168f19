package io.sluice.functions.trigger.object;

import java.util.List;

/**
 * What the object trigger did with one event body: one outcome per record and matching rule, in body
 * order. A host acknowledges the message unless {@link #retryable()}: rejections are final (they are
 * logged and counted, and retrying cannot help), while a failed start may succeed on redelivery, where
 * the starts that did succeed come back as duplicates.
 */
public record TriggerReport(EventFormat format, List<Outcome> outcomes) {
    public TriggerReport {
        outcomes = List.copyOf(outcomes);
    }

    /** The outcome for one record (and, once matched, one rule); {@code where} locates the record in the body. */
    public sealed interface Outcome {
        String where();
    }

    public record Started(String where, String rule, String pipeline, String executionName, ObjectCreated object) implements Outcome {}

    /** The execution of this object version exists already: a duplicate notification. */
    public record Duplicate(String where, String rule, String pipeline, String executionName, ObjectCreated object) implements Outcome {}

    /** No rule takes the object; {@code reason} says why the likeliest rule did not. */
    public record Unmatched(String where, ObjectCreated object, String reason) implements Outcome {}

    public record Rejected(String where, RejectionReason reason, String detail) implements Outcome {}

    /**
     * A start that failed for a reason that may pass (the store was down), or a record that met a bug;
     * {@code error} says what happened. Rule, pipeline and name are {@code null} when no start was reached.
     */
    public record Failed(String where, String rule, String pipeline, String executionName, String error) implements Outcome {}

    /** A record about something else: a deletion, a test event, Data Lake's empty CreateFile. */
    public record Ignored(String where, String detail) implements Outcome {}

    public List<Started> started() {
        return of(Started.class);
    }

    public List<Duplicate> duplicates() {
        return of(Duplicate.class);
    }

    public List<Unmatched> unmatched() {
        return of(Unmatched.class);
    }

    public List<Rejected> rejected() {
        return of(Rejected.class);
    }

    public List<Failed> failed() {
        return of(Failed.class);
    }

    public List<Ignored> ignored() {
        return of(Ignored.class);
    }

    /** Whether the host should have the body delivered again: some start failed and may pass next time. */
    public boolean retryable() {
        return !failed().isEmpty();
    }

    private <T extends Outcome> List<T> of(Class<T> type) {
        return outcomes.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
