package io.sluice.functions.events.cloud;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.EventSink;
import io.sluice.orchestration.port.Publisher;
import java.util.Map;

/**
 * Publishes execution events to a topic of the {@link Publisher} (locally the Redis stream topics that
 * {@code sns:publish} uses), in the namespace of the pipeline's tenant, the CloudEvent as the message body
 * and its id as the message id, so a re-delivered event is published once.
 */
public final class TopicEventSink implements EventSink {
    private final Publisher publisher;
    private final Publisher.Target topic;

    public TopicEventSink(Publisher publisher, String topic) {
        this.publisher = publisher;
        this.topic = new Publisher.Target(Publisher.Target.Kind.TOPIC, topic);
    }

    @Override
    public void deliver(CloudEvent event) {
        JsonNode tenant = Json.parse(event.json()).path("data").path("tenant");
        String namespace = tenant.isTextual() ? tenant.asText() : "";
        publisher.publish(namespace, topic, new Publisher.Message(event.id(), event.json(),
                Map.of("type", event.type(), "source", event.source(), "subject", event.subject())));
    }
}
