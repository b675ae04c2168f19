package io.sluice.azure.eventgrid;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.functions.trigger.object.ObjectTrigger;
import io.sluice.functions.trigger.object.TriggerReport;
import java.io.IOException;
import java.util.Optional;

/**
 * What an Event Grid delivery to Sluice is: a subscription validation handshake, answered here, or
 * BlobCreated events, which go to the host-neutral {@link ObjectTrigger} as they are. That trigger reads Event
 * Grid and CloudEvents bodies into the same {@code ObjectCreated} that S3 notifications become (store
 * {@code azure-blob}, bucket = container, key = blob name, the blob's ETag without quotes), so rules, partition
 * reading and the execution names that make a duplicate notification start nothing are the same on Azure as on
 * AWS.
 *
 * <p>An Event Grid trigger of Azure Functions hands over one event and never a handshake; a webhook
 * subscription (an HTTP function) first receives {@code Microsoft.EventGrid.SubscriptionValidationEvent}, whose
 * {@code data.validationCode} must be echoed as {@code {"validationResponse": code}}. The CloudEvents schema
 * validates with an HTTP OPTIONS request instead: the entry point answers it with
 * {@code WebHook-Allowed-Origin}.
 */
public final class EventGridDelivery {
    static final String VALIDATION = "Microsoft.EventGrid.SubscriptionValidationEvent";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a delivery came to. */
    public sealed interface Outcome {
        /** The handshake: answer 200 with {@code body}. */
        record Validated(String body) implements Outcome {}

        /** Events handed to the object trigger; {@code report.retryable()} means answer 5xx so Event Grid retries. */
        record Delivered(TriggerReport report) implements Outcome {}
    }

    private final ObjectTrigger trigger;

    public EventGridDelivery(ObjectTrigger trigger) {
        this.trigger = trigger;
    }

    public Outcome handle(String body) {
        Optional<String> code = validationCode(body);
        if (code.isPresent()) {
            return new Outcome.Validated(JSON.createObjectNode().put("validationResponse", code.get()).toString());
        }
        return new Outcome.Delivered(trigger.apply(body));
    }

    /** The validation code of a handshake body ({@code [ {eventType: SubscriptionValidationEvent, data: {validationCode}} ]}). */
    static Optional<String> validationCode(String body) {
        JsonNode root;
        try {
            root = JSON.readTree(body == null ? "" : body);
        } catch (IOException e) {
            return Optional.empty();
        }
        JsonNode event = root != null && root.isArray() && root.size() == 1 ? root.get(0) : root;
        if (event != null && event.isObject() && VALIDATION.equals(event.path("eventType").asText())
                && event.path("data").path("validationCode").isTextual()) {
            return Optional.of(event.path("data").path("validationCode").asText());
        }
        return Optional.empty();
    }
}
