package io.sluice.functions.events;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.functions.events.cloud.ExecutionEventRelay;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.StoredExecution;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * The {@code events} function, the same on every host: consumes the events queue ({@code ExecutionFinished}
 * as JSON) and hands each completion, with its pipeline and partition, to every handler (upstream
 * completion starts, dependency-check releases, failure alerts), and logs one line per finished execution. One consumer fans out because a queue gives each message to one
 * consumer only. Handlers must be idempotent: the queue may deliver an event twice, and a handler
 * that throws makes the whole event come back.
 *
 * <p>The partition is read from the stored execution's input, so completion events and the engine
 * stay as they are.
 */
public final class CompletionListener {
    private static final Logger LOG = Logger.getLogger(CompletionListener.class.getName());

    private final ExecutionStore executions;
    private final List<Consumer<FinishedExecution>> handlers;
    private final ExecutionEventRelay relay;

    public CompletionListener(ExecutionStore executions, List<Consumer<FinishedExecution>> handlers) {
        this(executions, handlers, null);
    }

    private CompletionListener(ExecutionStore executions, List<Consumer<FinishedExecution>> handlers, ExecutionEventRelay relay) {
        this.executions = executions;
        this.handlers = List.copyOf(handlers);
        this.relay = relay;
    }

    /** This listener, also handing the execution events ({@link ExecutionEvent}) on the queue to {@code relay}. */
    public CompletionListener withRelay(ExecutionEventRelay relay) {
        return new CompletionListener(executions, handlers, relay);
    }

    /**
     * Handles one event body; returns what it understood, or empty for a message that is no completion.
     *
     * @throws io.sluice.orchestration.json.WireVersion.Unsupported for a message of a version this build does not read
     *         (left unacknowledged, the queue dead-letters it)
     */
    public Optional<FinishedExecution> handle(String body) {
        JsonNode json = Json.parse(body);
        if (json != null && json.isObject()) {
            ExecutionEvent.QUEUE_VERSION.check(json);
        }
        if (relay != null && ExecutionEvent.isOne(json)) {
            relay.relay(json);
            return Optional.empty();
        }
        if (!"finished".equals(json.path("type").asText())) {
            return Optional.empty();
        }
        Command.ExecutionFinished event = (Command.ExecutionFinished) CommandCodec.decode(json);
        FinishedExecution finished = describe(event);
        handlers.forEach(h -> h.accept(finished));
        LOG.info(() -> Json.write(Json.object().put("event", "execution.finished").put("executionId", finished.executionId())
                .put("status", finished.status().name()).put("partition", finished.partition())));
        return Optional.of(finished);
    }

    private FinishedExecution describe(Command.ExecutionFinished event) {
        Optional<StoredExecution> stored = executions.load(event.executionId());
        String pipeline = stored.map(s -> s.summary().pipeline()).orElse(null);
        String name = stored.map(s -> s.summary().name()).orElse(null);
        Execution execution = stored.map(s -> ExecutionCodec.decode(Json.parse(s.state()))).orElse(null);
        String partition = execution == null ? null : partition(execution);
        return new FinishedExecution(event.executionId(), pipeline, name, partition, event.status(), event.error(), event.cause(),
                execution);
    }

    private static String partition(Execution execution) {
        JsonNode p = execution.input() == null ? null : execution.input().get(FinishedExecution.PARTITION_FIELD);
        return p != null && p.isTextual() && !p.asText().isBlank() ? p.asText() : null;
    }
}
