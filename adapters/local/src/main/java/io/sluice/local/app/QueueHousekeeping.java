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
    /**
     * How long a dead-letter queue's receive waits: one consumer per channel of every function (36 for the demo's 12), each
     * receive at least one look at its queue, so at {@link QueueConsumer#WAIT} an idle runtime looked at its dead-letter
     * queues 36 to 72 times a second. A dead letter wakes its consumer when it arrives (a move in this process signals it,
     * one in another notifies it), so the wait only bounds how late a lost notification is found.
     */
    static final Duration DEAD_LETTER_WAIT = Duration.ofSeconds(5);

    private final List<QueueConsumer> consumers = new ArrayList<>();

    QueueHousekeeping(TaskQueue queue, QueueNames names, Collection<String> functions, DeadLetterHandler deadLetters,
                      CompletionListener completions) {
        List<String> sources = new ArrayList<>(List.of(names.orchestrator()));
        functions.forEach(f -> sources.addAll(names.channels(f)));
        for (String source : sources) {
            consumers.add(new QueueConsumer(queue, queue.deadLetterQueue(source), m -> {
                deadLetters.handle(source, m);
                return true;
            }, VISIBILITY, 4, DEAD_LETTER_WAIT));
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
