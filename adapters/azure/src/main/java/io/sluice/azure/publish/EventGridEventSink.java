package io.sluice.azure.publish;

import io.sluice.orchestration.port.EventSink;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Map;

/**
 * Publishes each execution event to an Event Grid topic in the CloudEvents 1.0 schema: a POST of a batch of one
 * ({@code [event]}, {@code Content-Type: application/cloudevents-batch+json}) to the topic endpoint, through the same
 * {@link HttpPost} and {@link Authorization} as {@code events:putEvents} ({@link EventGridSender}): the topic's access
 * key ({@code aeg-sas-key}) or the app's identity, never logged. Event Grid answers 200; anything else, or no answer,
 * throws, so the event comes back from the events queue and is published again.
 */
public final class EventGridEventSink implements EventSink {
    public static final String CONTENT_TYPE = "application/cloudevents-batch+json; charset=utf-8";

    private final URI topicEndpoint;
    private final Authorization auth;
    private final HttpPost http;

    public EventGridEventSink(URI topicEndpoint, Authorization auth, HttpClient client) {
        this.topicEndpoint = topicEndpoint;
        this.auth = auth;
        this.http = new HttpPost(client);
    }

    @Override
    public void deliver(CloudEvent event) {
        HttpPost.Answer answer = http.post(topicEndpoint, Map.of("Content-Type", CONTENT_TYPE), "[" + event.json() + "]", auth, topicEndpoint,
                "The Event Grid topic " + topicEndpoint.getHost() + " (event " + event.id() + "; it will be published again)");
        if (!answer.ok()) {
            throw new IllegalStateException("The Event Grid topic " + topicEndpoint.getHost() + " answered HTTP " + answer.status() + " to event "
                    + event.id() + " (" + event.type() + "); it will be published again");
        }
    }
}
