package io.sluice.local.app;

import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code completion-listener} function locally: consumes the execution events queue and hands
 * each completion to every {@code Consumer<FinishedExecution>} bean (the upstream trigger, dependency
 * release, failure alerts, ...), logging one line per finished execution. A handler that throws
 * leaves the event to come back, so handlers are idempotent.
 */
final class CompletionEvents implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CompletionEvents.class);
    private static final Duration VISIBILITY = Duration.ofSeconds(30);

    private final QueueConsumer consumer;

    CompletionEvents(TaskQueue queue, QueueNames names, ExecutionStore executions, List<Consumer<FinishedExecution>> handlers) {
        CompletionListener listener = new CompletionListener(executions, handlers);
        this.consumer = new QueueConsumer(queue, names.events(), m -> {
            listener.handle(m.body()).ifPresentOrElse(
                    f -> LOG.info("execution {} ended {}", f.executionId(), f.status()),
                    () -> LOG.debug("ignored an event that is no completion: {}", m.messageId()));
            return true;
        }, VISIBILITY, 4);
    }

    @Override
    public void close() {
        consumer.close();
    }
}
