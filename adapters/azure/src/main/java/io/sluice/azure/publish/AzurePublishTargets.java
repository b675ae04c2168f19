package io.sluice.azure.publish;

import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.publish.SendOncePublisher;
import io.sluice.orchestration.port.Publisher.Message;
import io.sluice.orchestration.port.Publisher.Target;
import java.util.Map;
import java.util.Set;

/**
 * Where each publish target of the deployment goes on Azure, from its configuration only: an SNS topic name to a
 * Service Bus topic, an SQS queue name to a Service Bus queue, an EventBridge bus name to an Event Grid topic. A
 * name the configuration does not hold is refused here too (the publish integration refuses it first, with AWS's
 * error), so nothing in a payload chooses an entity. The service's answers keep AWS's error names: a missing entity
 * is {@code SNS.NotFoundException}, {@code SQS.QueueDoesNotExistException} or {@code EventBridge.ResourceNotFoundException};
 * a refusal (4xx) fails the task for good; 408, 429 and 5xx are thrown to be retried.
 */
public final class AzurePublishTargets implements SendOncePublisher.Sender {
    private final Map<String, String> topics;
    private final Map<String, String> queues;
    private final Map<String, EventGridSender.Topic> buses;
    private final ServiceBusSender serviceBus;
    private final EventGridSender eventGrid;

    AzurePublishTargets(Map<String, String> topics, Map<String, String> queues, Map<String, EventGridSender.Topic> buses,
                        ServiceBusSender serviceBus, EventGridSender eventGrid) {
        this.topics = Map.copyOf(topics);
        this.queues = Map.copyOf(queues);
        this.buses = Map.copyOf(buses);
        if ((!topics.isEmpty() || !queues.isEmpty()) && serviceBus == null) {
            throw new IllegalArgumentException("sluice.integrations.topics/queues map to Service Bus entities, but no Service Bus is configured"
                    + " (sluice.azure.servicebus.namespace or .connection-string)");
        }
        this.serviceBus = serviceBus;
        this.eventGrid = eventGrid;
    }

    /** The names the deployment declares, by kind: what the publish integration accepts. */
    public Map<Target.Kind, Set<String>> declared() {
        return Map.of(Target.Kind.TOPIC, topics.keySet(), Target.Kind.QUEUE, queues.keySet(), Target.Kind.BUS, buses.keySet());
    }

    @Override
    public void send(Target target, Message message) {
        HttpPost.Answer answer = switch (target.kind()) {
            case TOPIC -> serviceBus.send(entity(topics, target), message);
            case QUEUE -> serviceBus.send(entity(queues, target), message);
            case BUS -> {
                EventGridSender.Topic topic = buses.get(target.name());
                if (topic == null) throw unknown(target);
                yield eventGrid.send(topic, message);
            }
        };
        if (!answer.ok()) {
            throw failure(target, answer);
        }
    }

    private static String entity(Map<String, String> names, Target target) {
        String entity = names.get(target.name());
        if (entity == null) throw unknown(target);
        return entity;
    }

    private static RuntimeException unknown(Target target) {
        return notFound(target, "is not declared in sluice.integrations");
    }

    private static TaskError notFound(Target target, String why) {
        return switch (target.kind()) {
            case TOPIC -> new TaskError("SNS.NotFoundException", "Topic does not exist: " + target.name() + " " + why, false);
            case QUEUE -> new TaskError("SQS.QueueDoesNotExistException", "The specified queue does not exist: " + target.name() + " " + why, false);
            case BUS -> new TaskError("EventBridge.ResourceNotFoundException", "Event bus " + target.name() + " does not exist: " + why, false);
        };
    }

    private static RuntimeException failure(Target target, HttpPost.Answer answer) {
        String service = target.kind() == Target.Kind.BUS ? "Event Grid" : "Service Bus";
        if (answer.status() == 404) {
            return notFound(target, "(" + service + " has no such entity: " + answer.snippet() + ")");
        }
        String cause = service + " answered " + answer.status() + " to a message for " + target.kind().name().toLowerCase() + " "
                + target.name() + ": " + answer.snippet();
        if (answer.status() == 408 || answer.status() == 429 || answer.status() >= 500) {
            return new IllegalStateException(cause);
        }
        String prefix = switch (target.kind()) {
            case TOPIC -> "SNS";
            case QUEUE -> "SQS";
            case BUS -> "EventBridge";
        };
        String name = answer.status() == 401 || answer.status() == 403 ? "AuthorizationErrorException" : "InvalidParameterException";
        return new TaskError(prefix + "." + name, cause, false);
    }
}
