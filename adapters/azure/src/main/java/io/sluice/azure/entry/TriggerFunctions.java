package io.sluice.azure.entry;

import com.microsoft.azure.functions.ExecutionContext;
import com.microsoft.azure.functions.annotation.EventGridTrigger;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.ServiceBusQueueTrigger;
import com.microsoft.azure.functions.annotation.TimerTrigger;
import io.sluice.azure.eventgrid.EventGridDelivery;
import io.sluice.azure.host.SluiceHandlers;
import io.sluice.functions.trigger.object.TriggerReport;
import io.sluice.orchestration.json.Json;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * What starts and advances executions besides the queues: {@code object-trigger} (an Event Grid trigger for
 * {@code Microsoft.Storage.BlobCreated}), {@code object-trigger-servicebus} (the same events when Event Grid
 * delivers them to the {@code <prefix>-object-created} Service Bus queue, as the Terraform module wires it), and
 * {@code schedule-tick} (a timer every minute: due timers and left-behind outboxes).
 * An object event whose start failed for a reason that may pass throws, so Event Grid or Service Bus retries it.
 */
@Component
public class TriggerFunctions {
    private final SluiceHandlers handlers;
    private final ObjectProvider<EventGridDelivery> objects;

    public TriggerFunctions(SluiceHandlers handlers, ObjectProvider<EventGridDelivery> objects) {
        this.handlers = handlers;
        this.objects = objects;
    }

    @FunctionName("object-trigger")
    public String objectTrigger(@EventGridTrigger(name = "event") String event, ExecutionContext context) {
        return objectCreated(event);
    }

    @FunctionName("object-trigger-servicebus")
    public String objectTriggerServiceBus(
            @ServiceBusQueueTrigger(name = "message", queueName = ServiceBusFunctions.PREFIX + "object-created",
                    connection = ServiceBusFunctions.CONNECTION) String event,
            ExecutionContext context) {
        return objectCreated(event);
    }

    @FunctionName("schedule-tick")
    public String scheduleTick(@TimerTrigger(name = "timer", schedule = "0 * * * * *") String timer, ExecutionContext context) {
        return handlers.tick();
    }

    private String objectCreated(String event) {
        EventGridDelivery delivery = objects.getIfAvailable();
        if (delivery == null) {
            throw new IllegalStateException("a blob event arrived but this app has no object rules: set sluice.triggers.rules"
                    + " (SLUICE_TRIGGERS_RULES) to the rules document, e.g. classpath:triggers/object-rules.json");
        }
        return switch (delivery.handle(event)) {
            case EventGridDelivery.Outcome.Validated v -> v.body();
            case EventGridDelivery.Outcome.Delivered d -> summary(d.report());
        };
    }

    static String summary(TriggerReport report) {
        String summary = Json.write(Json.object().put("format", report.format() == null ? null : report.format().name())
                .put("started", report.started().size()).put("duplicates", report.duplicates().size())
                .put("unmatched", report.unmatched().size()).put("rejected", report.rejected().size())
                .put("ignored", report.ignored().size()).put("failed", report.failed().size()));
        if (report.retryable()) {
            throw new IllegalStateException("some starts failed and will be retried: " + summary);
        }
        return summary;
    }
}
