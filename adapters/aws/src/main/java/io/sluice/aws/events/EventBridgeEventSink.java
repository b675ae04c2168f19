package io.sluice.aws.events;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.EventSink;
import java.time.Instant;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResultEntry;

/**
 * Puts each execution event on an EventBridge bus (PutEvents): {@code Source} the configured one (default
 * {@code io.sluice}), {@code DetailType} the CloudEvent's type ({@code io.sluice.execution.succeeded}), {@code Detail}
 * the whole CloudEvent, {@code Time} its time, so a rule matches on {@code detail-type} or on
 * {@code detail.data.pipeline} and a target gets the CloudEvent as it is. A failed entry throws, so the event comes
 * back from the events queue and is put again.
 */
public final class EventBridgeEventSink implements EventSink {
    public static final String DEFAULT_SOURCE = "io.sluice";

    private final EventBridgeClient events;
    private final String bus;
    private final String source;

    public EventBridgeEventSink(EventBridgeClient events, String bus, String source) {
        if (bus == null || bus.isBlank()) {
            throw new IllegalArgumentException("sluice.events.event-bus: expected an EventBridge bus name or ARN, got nothing");
        }
        if (source.startsWith("aws.")) {
            throw new IllegalArgumentException("sluice.events.event-source: expected a source not starting with 'aws.' (EventBridge keeps"
                    + " those for AWS services), got '" + source + "'");
        }
        this.events = events;
        this.bus = bus;
        this.source = source;
    }

    @Override
    public void deliver(CloudEvent event) {
        String time = Json.parse(event.json()).path("time").asText(null);
        PutEventsResultEntry entry = events.putEvents(b -> b.entries(e -> {
            e.eventBusName(bus).source(source).detailType(event.type()).detail(event.json());
            if (time != null) {
                e.time(Instant.parse(time));
            }
        })).entries().getFirst();
        if (entry.errorCode() != null) {
            throw new IllegalStateException("EventBridge refused event " + event.id() + " (" + event.type() + ") on bus " + bus + ": "
                    + entry.errorCode() + " " + entry.errorMessage() + "; it will be put again");
        }
    }
}
