package io.sluice.azure.entry;

import static io.sluice.azure.entry.ServiceBusFunctions.CONNECTION;
import static io.sluice.azure.entry.ServiceBusFunctions.PREFIX;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.BindingName;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.ServiceBusQueueTrigger;
import io.sluice.azure.host.SluiceHandlers;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code dlq-handler} on Service Bus: every queue forwards its dead letters ({@code ForwardDeadLetteredMessagesTo})
 * to {@code <SLUICE_QUEUE_PREFIX>-dead-letters}, and Service Bus stamps each forwarded message with the queue it
 * was dead-lettered on ({@code DeadLetterSource}); the message's execution fails with {@code Sluice.PoisonMessage}
 * and one alert is raised.
 */
@Component
public class ServiceBusHousekeeping {
    private final SluiceHandlers handlers;

    public ServiceBusHousekeeping(SluiceHandlers handlers) {
        this.handlers = handlers;
    }

    @FunctionName("dlq-handler")
    public void dlqHandler(
            @ServiceBusQueueTrigger(name = "message", queueName = PREFIX + "dead-letters", connection = CONNECTION) String body,
            @BindingName("MessageId") String messageId, @BindingName("DeliveryCount") int deliveryCount,
            @BindingName("DeadLetterSource") String deadLetterSource, @BindingName("ApplicationProperties") String applicationProperties,
            ExecutionContext context) {
        String source = deadLetterSource == null || deadLetterSource.isBlank() ? "an unnamed queue" : deadLetterSource;
        handlers.deadLetter(source, new ReceivedMessage(messageId, "", body, properties(applicationProperties), deliveryCount));
    }

    /** The message's application properties, as the trigger's binding data holds them (a JSON object). */
    static Map<String, String> properties(String json) {
        Map<String, String> out = new LinkedHashMap<>();
        if (json == null || json.isBlank()) {
            return out;
        }
        JsonNode node = Json.parse(json);
        node.properties().forEach(e -> out.put(e.getKey(), e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
        return out;
    }
}
