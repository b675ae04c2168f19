package io.sluice.local.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.orchestrator.ScheduleTick;
import io.sluice.functions.orchestrator.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.port.DefinitionStore;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Everything a STANDARD pipeline needs on one machine: the orchestrator and the worker harness
 * consuming their queues on virtual threads, and the {@code schedule-tick} function invoked every
 * second, all over whatever ports it is given (Redis, queues included, by default).
 */
public final class LocalRuntime implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LocalRuntime.class.getName());

    /** The ports the runtime runs on. */
    public record Ports(ExecutionStore executions, IdempotencyStore claims, TaskQueue queue, TimerIndex timers, DefinitionStore definitions) {}

    /** How it runs: queue names, lease and visibility, concurrency, tick period, and a crash probe for tests. */
    public record Settings(QueueNames names, Duration visibility, Duration lease, int concurrency, Duration tickEvery,
                           Duration outboxGrace, Boundary.Probe probe) {
        public static Settings defaults() {
            return new Settings(QueueNames.DEFAULT, Duration.ofSeconds(30), Duration.ofSeconds(30), 64, Duration.ofSeconds(1),
                    Duration.ofSeconds(5), Boundary.Probe.NONE);
        }
    }

    private final Orchestrator orchestrator;
    private final ExecutionLocks locks = new ExecutionLocks(1024);
    private final WorkerHarness harness;
    private final ScheduleTick tick;
    private final List<AutoCloseable> running = new ArrayList<>();
    private final Thread ticker;
    private volatile boolean open = true;

    public LocalRuntime(Ports ports, TaskFunctions functions, Collection<String> functionNames, Settings settings, Clock clock) {
        QueueNames names = settings.names();
        OutboxDispatcher outbox = new OutboxDispatcher(ports.executions(), ports.queue(), ports.timers(), names, clock);
        this.orchestrator = new Orchestrator(ports.executions(), new DefinitionCache(ports.definitions()), outbox, clock, settings.probe());
        this.harness = new WorkerHarness(functions, ports.claims(), ports.queue(), names, clock,
                "local-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8), settings.lease(), settings.probe());
        this.tick = new ScheduleTick(ports.executions(), ports.timers(), ports.queue(), outbox, names, clock, settings.outboxGrace());
        Boundary.Probe probe = settings.probe();
        running.add(new QueueConsumer(ports.queue(), names.orchestrator(), m -> {
            apply(MessageCodec.decode(m.body()));
            probe.reached(Boundary.AFTER_RESULT_BEFORE_ACK);
            return true;
        }, settings.visibility(), settings.concurrency()));
        for (String f : functionNames) {
            running.add(new QueueConsumer(ports.queue(), names.tasks(f), m -> {
                boolean ack = harness.handle(m.body()) == WorkerHarness.Disposition.ACKNOWLEDGE;
                if (ack) {
                    probe.reached(Boundary.AFTER_RESULT_BEFORE_ACK);
                }
                return ack;
            }, settings.visibility(), settings.concurrency()));
        }
        this.ticker = Thread.ofVirtual().name("schedule-tick").start(() -> tickEvery(settings.tickEvery()));
    }

    private void tickEvery(Duration period) {
        while (open) {
            try {
                tick.tick();
                Thread.sleep(period.toMillis());
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "schedule-tick failed; next tick retries", e);
            }
        }
    }

    public Orchestrator orchestrator() {
        return orchestrator;
    }

    /**
     * Starts an execution as {@link Orchestrator#start} does, one at a time with this runtime's
     * handling of messages for it (see {@link ExecutionLocks}).
     */
    public StartResult start(String pipeline, String name, Definition definition, JsonNode input) {
        return locks.withLock(Orchestrator.executionId(pipeline, name), () -> orchestrator.start(pipeline, name, definition, input));
    }

    /**
     * Applies one orchestrator message now, on the calling thread (a stop or redrive from the HTTP
     * API), one at a time with the messages the queue consumer handles for the same execution.
     */
    public Orchestrator.Outcome apply(OrchestratorMessage message) {
        return locks.withLock(message.executionId(), () -> orchestrator.handle(message));
    }

    @Override
    public void close() {
        open = false;
        ticker.interrupt();
        for (AutoCloseable c : running) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.log(Level.FINE, "closing " + c, e);
            }
        }
    }
}
