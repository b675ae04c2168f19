package io.sluice.local.app;

import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Consumes the queues around the runtime's own for the {@code dlq-handler} and {@code events}
 * functions (the same {@link DeadLetterHandler} and {@link CompletionListener} the AWS entry points
 * call): this class only moves messages. A handler that throws leaves the message to come back.
 */
final class QueueHousekeeping implements AutoCloseable {
    private static final Duration VISIBILITY = Duration.ofSeconds(30);

    private final List<QueueConsumer> consumers = new ArrayList<>();

    QueueHousekeeping(TaskQueue queue, QueueNames names, Collection<String> functions, DeadLetterHandler deadLetters,
                      CompletionListener completions) {
        List<String> sources = new ArrayList<>(List.of(names.orchestrator()));
        functions.forEach(f -> sources.addAll(names.channels(f)));
        for (String source : sources) {
            consumers.add(new QueueConsumer(queue, queue.deadLetterQueue(source), m -> {
                deadLetters.handle(source, m);
                return true;
            }, VISIBILITY, 4));
        }
        consumers.add(new QueueConsumer(queue, names.events(), m -> {
            completions.handle(m.body());
            return true;
        }, VISIBILITY, 4));
    }

    @Override
    public void close() {
        consumers.forEach(QueueConsumer::close);
    }
}
