package io.sluice.azure.host;

import io.sluice.functions.alert.TieredAlerts;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.runtime.SluiceRuntime;

/**
 * What each queue's message does, whatever trigger delivered it (a Storage Queue trigger, a Service Bus
 * trigger, {@code sluice invoke}): each method answers whether the message is done; {@code false} means
 * "leave it on the queue", and the entry point then fails the invocation so that the queue delivers it again.
 * No Azure type crosses this line.
 */
public final class SluiceHandlers {
    private final Orchestrator orchestrator;
    private final WorkerHarness harness;
    private final CompletionListener completions;
    private final DeadLetterHandler deadLetters;
    private final SluiceRuntime runtime;
    private final TieredAlerts alerts;
    private final QueueNames names;

    /** @param alerts the alert tiers the tick also ticks; {@code null} for none */
    public SluiceHandlers(SluiceRuntime runtime, WorkerHarness harness, CompletionListener completions, DeadLetterHandler deadLetters,
                          TieredAlerts alerts, QueueNames names) {
        this.orchestrator = runtime.orchestrator();
        this.harness = harness;
        this.completions = completions;
        this.deadLetters = deadLetters;
        this.runtime = runtime;
        this.alerts = alerts;
        this.names = names;
    }

    public QueueNames names() {
        return names;
    }

    /** A message of the orchestrator's queue: an event of one execution, applied under its compare-and-set. */
    public boolean orchestrator(String body) {
        orchestrator.handle(MessageCodec.decode(body));
        return true;
    }

    /** A message of {@code <prefix>-task-<function>}: the worker harness claims its token, runs the function, reports. */
    public boolean task(String function, String body) {
        return task(function, Priority.DEFAULT, body);
    }

    /**
     * A message of channel {@code channel}'s queue of {@code function} ({@code <prefix>-task-<function>-p0} and so on):
     * as {@link #task(String, String)}, the worker told which channel it came from, so a held task goes back to it.
     */
    public boolean task(String function, Priority channel, String body) {
        return switch (harness.handle(body, names.tasks(function, channel))) {
            case ACKNOWLEDGE, DEAD_LETTER -> true;
            case RETRY_LATER -> false;
        };
    }

    /** A message of the events queue: an execution ended. */
    public boolean events(String body) {
        completions.handle(body);
        return true;
    }

    /** A message dead-lettered from {@code sourceQueue}: its execution fails, one alert. */
    public boolean deadLetter(String sourceQueue, ReceivedMessage message) {
        deadLetters.handle(sourceQueue, message);
        return true;
    }

    /**
     * Due timers and left-behind outboxes, then the alert tiers (overdue P1 acknowledgements re-alert, the P2/P3 digest
     * goes out when due); returns both reports.
     */
    public String tick() {
        return runtime.tickWithAlerts(alerts);
    }
}
