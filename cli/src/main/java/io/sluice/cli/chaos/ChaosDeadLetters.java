package io.sluice.cli.chaos;

import io.sluice.runtime.Alerting;
import io.sluice.runtime.RuntimePorts;
import io.sluice.functions.alert.OncePerIncident;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.redis.RedisAdapters;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The drill's {@code dlq-handler} process: the {@link DeadLetterHandler} the hosts run, consuming the dead-letter
 * queue of every queue of the drill, raising its alerts once per incident through {@link OncePerIncident} (as the local
 * runtime does) into a sink that records each alert it is given. Each dead-lettered message it takes is recorded (by
 * its message id, so a redelivery after a SIGKILL is one message), before it is handled: the checks compare what it
 * took with the poison planted, and count the alerts each incident raised.
 */
final class ChaosDeadLetters {
    private ChaosDeadLetters() {}

    static List<QueueConsumer> start(RedisAdapters redis, RuntimePorts ports, QueueNames names, String prefix, Clock clock) {
        TaskQueue queue = ports.queue();
        RedissonClient client = redis.redisson();
        AlertSink recorded = alert -> client.<String>getList(alertsKey(prefix), StringCodec.INSTANCE).add(alert.incidentKey());
        DeadLetterHandler handler = Alerting.deadLetters(ports, names, Alerting.oncePerIncident(recorded,
                redis.idempotencyStore(), clock, "chaos-dlq-" + ProcessHandle.current().pid(), ChaosNode.LEASE), null);
        List<QueueConsumer> consumers = new ArrayList<>();
        for (String source : sources(names)) {
            consumers.add(new QueueConsumer(queue, queue.deadLetterQueue(source), m -> {
                client.<String, String>getMap(takenKey(prefix), StringCodec.INSTANCE).fastPut(m.messageId(), m.body());
                handler.handle(source, m);
                return true;
            }, ChaosNode.VISIBILITY, 4));
        }
        return consumers;
    }

    /** Every queue of the drill whose dead letters the handler takes. */
    static List<String> sources(QueueNames names) {
        List<String> sources = new ArrayList<>(List.of(names.orchestrator(), names.events(), ChaosTriggers.queue(names)));
        ChaosNode.FUNCTIONS.forEach(f -> sources.add(names.tasks(f)));
        RetailFunctions.NAMES.forEach(f -> sources.add(names.tasks(f)));
        return sources;
    }

    /** The dead-lettered messages the handler took: message id to body. */
    static Map<String, String> taken(RedissonClient redis, String prefix) {
        return redis.<String, String>getMap(takenKey(prefix), StringCodec.INSTANCE).readAllMap();
    }

    /** The incident key of every alert the handler's sink was given, in order. */
    static List<String> alerts(RedissonClient redis, String prefix) {
        return redis.<String>getList(alertsKey(prefix), StringCodec.INSTANCE).readAll();
    }

    private static String takenKey(String prefix) {
        return prefix + ":chaos:dead-letters-taken";
    }

    private static String alertsKey(String prefix) {
        return prefix + ":chaos:alerts";
    }
}
