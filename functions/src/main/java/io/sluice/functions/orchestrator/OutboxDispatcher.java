package io.sluice.functions.orchestrator;

import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Carries out a committed outbox, then clears it. Every command is safe to carry out twice: tasks
 * are deduplicated by token, timers by id, and a second completion event is ignored downstream.
 */
public final class OutboxDispatcher {
    private final ExecutionStore store;
    private final TaskQueue queue;
    private final TimerIndex timers;
    private final QueueNames names;
    private final Clock clock;

    public OutboxDispatcher(ExecutionStore store, TaskQueue queue, TimerIndex timers, QueueNames names, Clock clock) {
        this.store = store;
        this.queue = queue;
        this.timers = timers;
        this.names = names;
        this.clock = clock;
    }

    public void send(String executionId, List<String> outbox, long version) {
        for (String json : outbox) {
            carryOut(executionId, CommandCodec.decode(Json.parse(json)), json);
        }
        if (!outbox.isEmpty()) {
            store.clearOutbox(executionId, version);
        }
    }

    private void carryOut(String executionId, Command command, String json) {
        switch (command) {
            case Command.DispatchTask d -> queue.send(names.tasks(d.function()),
                    new OutgoingMessage(json, Map.of("executionId", executionId, "token", d.token().encode())), Duration.ZERO);
            case Command.StartTimer t -> {
                String fire = MessageCodec.encode(new OrchestratorMessage.TimerFired(executionId, t.timerId()));
                Duration delay = Duration.between(clock.instant(), t.dueAt());
                if (delay.isNegative()) {
                    delay = Duration.ZERO;
                }
                if (delay.compareTo(queue.maxDelay()) <= 0) {
                    queue.send(names.orchestrator(), new OutgoingMessage(fire, Map.of("executionId", executionId)), delay);
                } else {
                    timers.schedule(t.timerId(), t.dueAt(), fire);
                }
            }
            case Command.CancelTimer c -> timers.cancel(c.timerId());
            case Command.ExecutionFinished f -> queue.send(names.events(),
                    new OutgoingMessage(json, Map.of("executionId", executionId, "status", f.status().name())), Duration.ZERO);
        }
    }
}
