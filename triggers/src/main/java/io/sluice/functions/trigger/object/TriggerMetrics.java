package io.sluice.functions.trigger.object;

/**
 * Counters of what the object trigger did. A host binds them to its metrics system (CloudWatch EMF,
 * Application Insights, the local console); {@link InMemoryTriggerMetrics} keeps them in memory.
 */
public interface TriggerMetrics {
    void started(String pipeline);

    void duplicate(String pipeline);

    void unmatched(String bucket);

    void ignored();

    void rejected(RejectionReason reason);

    /** A start that failed and should be retried. */
    void failed(String pipeline);

    TriggerMetrics NONE = new TriggerMetrics() {
        @Override
        public void started(String pipeline) {}

        @Override
        public void duplicate(String pipeline) {}

        @Override
        public void unmatched(String bucket) {}

        @Override
        public void ignored() {}

        @Override
        public void rejected(RejectionReason reason) {}

        @Override
        public void failed(String pipeline) {}
    };
}
