package io.sluice.local.app;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queues around the runtime's own: the dead-letter queues, whose messages fail their execution
 * with {@code Sluice.PoisonMessage} instead of leaving it hanging. (The execution events queue is
 * {@link CompletionEvents}'.)
 */
final class QueueHousekeeping implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueueHousekeeping.class);
    private static final Duration VISIBILITY = Duration.ofSeconds(30);

    private final List<QueueConsumer> consumers = new ArrayList<>();

    QueueHousekeeping(TaskQueue queue, QueueNames names, Collection<String> functions) {
        DeadLetterHandler deadLetters = new DeadLetterHandler(queue, names);
        List<String> sources = new ArrayList<>(List.of(names.orchestrator()));
        functions.forEach(f -> sources.add(names.tasks(f)));
        for (String source : sources) {
            consumers.add(new QueueConsumer(queue, queue.deadLetterQueue(source), m -> {
                String failed = deadLetters.handle(source, m);
                LOG.warn("a message on {} was dead-lettered{}", source, failed == null ? "" : "; execution " + failed + " fails");
                return true;
            }, VISIBILITY, 4));
        }
    }

    @Override
    public void close() {
        consumers.forEach(QueueConsumer::close);
    }
}
