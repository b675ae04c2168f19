package io.sluice.orchestration.port;

import java.util.Objects;

/**
 * Where execution events go for other systems to subscribe to: a webhook, the local topic, EventBridge,
 * Event Grid. Each event is a CloudEvents 1.0 event in its structured JSON form ({@link CloudEvent#json()}).
 *
 * <p>Delivery is at least once: an event whose delivery throws comes back and is delivered again, to every
 * sink, with the same {@code id}, so a subscriber deduplicates by ({@code source}, {@code id}) as CloudEvents
 * asks. A sink throws only when a later attempt may succeed; an event its receiver refuses for good is dropped
 * (and logged) by the sink.
 */
public interface EventSink {

    void deliver(CloudEvent event);

    /**
     * @param id      stable across re-deliveries of the same transition
     * @param type    {@code io.sluice.execution.<started|succeeded|failed|retried|blocked|released|aborted>}
     * @param subject the execution id
     * @param json    the whole event, structured mode (specversion, id, source, type, subject, time, datacontenttype, data)
     */
    record CloudEvent(String id, String type, String source, String subject, String json) {
        public CloudEvent {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(json, "json");
        }
    }
}
