package io.sluice.azure.eventgrid;

import io.sluice.orchestration.port.EventSink;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Publishes each execution event to an Event Grid topic in the CloudEvents 1.0 schema: an HTTP POST of a batch of one
 * ({@code [event]}, {@code Content-Type: application/cloudevents-batch+json}) to the topic endpoint, authenticated by
 * the topic's access key ({@code aeg-sas-key}; never logged). Event Grid answers 200; anything else, or no answer,
 * throws, so the event comes back from the events queue and is published again.
 */
public final class EventGridEventSink implements EventSink {
    public static final String CONTENT_TYPE = "application/cloudevents-batch+json; charset=utf-8";

    private final URI topicEndpoint;
    private final String accessKey;
    private final HttpClient client;
    private final Duration timeout;

    public EventGridEventSink(URI topicEndpoint, String accessKey, HttpClient client, Duration timeout) {
        this.topicEndpoint = topicEndpoint;
        this.accessKey = accessKey;
        this.client = client;
        this.timeout = timeout;
    }

    @Override
    public void deliver(CloudEvent event) {
        HttpRequest request = HttpRequest.newBuilder(topicEndpoint).timeout(timeout).header("Content-Type", CONTENT_TYPE)
                .header("aeg-sas-key", accessKey).POST(HttpRequest.BodyPublishers.ofString("[" + event.json() + "]")).build();
        int status;
        try {
            status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            throw new IllegalStateException("The Event Grid topic " + topicEndpoint.getHost() + " could not be reached for event "
                    + event.id() + "; it will be published again", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while publishing event " + event.id() + " to Event Grid", e);
        }
        if (status / 100 != 2) {
            throw new IllegalStateException("The Event Grid topic " + topicEndpoint.getHost() + " answered HTTP " + status + " to event "
                    + event.id() + " (" + event.type() + "); it will be published again");
        }
    }
}
