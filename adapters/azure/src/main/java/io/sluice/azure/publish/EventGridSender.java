package io.sluice.azure.publish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher.Message;
import java.net.URI;
import java.util.Map;

/**
 * Posts an event to an Event Grid topic's endpoint. The message body is the EventBridge event the integration built
 * ({@code id}, {@code source}, {@code detail-type}, {@code time}, {@code resources}, {@code detail}); it becomes a
 * CloudEvents 1.0 event ({@code source}, {@code type} = detail-type, {@code subject} = the first resource,
 * {@code data} = detail) or, for a topic of the Event Grid schema, {@code [{id, eventType = detail-type,
 * subject = source, eventTime, dataVersion, data = detail}]}. The event id is the message id, which Event Grid
 * subscribers may deduplicate on. Tested against a stub of the endpoint: Event Grid cannot run here.
 */
final class EventGridSender {
    /** The input schema a topic was created with. */
    enum Schema { CLOUD_EVENTS, EVENT_GRID }

    /** One Event Grid topic: its endpoint ({@code https://<topic>.<region>-1.eventgrid.azure.net/api/events}), schema and authorisation. */
    record Topic(URI endpoint, Schema schema, Authorization auth) {}

    private final HttpPost http;

    EventGridSender(HttpPost http) {
        this.http = http;
    }

    HttpPost.Answer send(Topic topic, Message message) {
        JsonNode event = Json.parse(message.body());
        String body;
        String contentType;
        if (topic.schema() == Schema.CLOUD_EVENTS) {
            ObjectNode e = Json.object().put("specversion", "1.0").put("id", message.id())
                    .put("source", event.path("source").asText()).put("type", event.path("detail-type").asText());
            if (event.hasNonNull("time")) e.put("time", event.get("time").asText());
            if (event.path("resources").size() > 0) e.put("subject", event.get("resources").get(0).asText());
            e.put("datacontenttype", "application/json");
            e.set("data", event.path("detail"));
            body = Json.write(e);
            contentType = "application/cloudevents+json; charset=utf-8";
        } else {
            ObjectNode e = Json.object().put("id", message.id()).put("eventType", event.path("detail-type").asText())
                    .put("subject", event.path("source").asText()).put("dataVersion", event.path("version").asText("0"));
            e.put("eventTime", event.path("time").asText());
            e.set("data", event.path("detail"));
            body = Json.write(Json.NODES.arrayNode().add(e));
            contentType = "application/json";
        }
        return http.post(topic.endpoint(), Map.of("Content-Type", contentType), body, topic.auth(), topic.endpoint(),
                "Event Grid topic " + topic.endpoint().getHost());
    }
}
