package io.sluice.functions;

import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.orchestrator.ScheduleTick;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The durable loop on in-memory ports (which pass the same contract suites as Redis and SQS),
 * pumped by hand: orchestrator queue, task queues, schedule tick. Tests drive it step by step.
 */
final class Pump {
    final Clock clock;
    final QueueNames names = QueueNames.DEFAULT;
    final InMemoryExecutionStore store = new InMemoryExecutionStore();
    final InMemoryTaskQueue queue;
    final InMemoryTimerIndex timers = new InMemoryTimerIndex();
    final InMemoryIdempotencyStore claims = new InMemoryIdempotencyStore();
    final DefinitionCache definitions = new DefinitionCache(new InMemoryDefinitionStore());
    final OutboxDispatcher outbox;
    final Orchestrator orchestrator;
    final ScheduleTick tick;
    final WorkerHarness harness;
    final DeadLetterHandler deadLetters;
    /** Short, so a message whose handler throws comes back quickly. */
    static final Duration VISIBILITY = Duration.ofMillis(300);
    private final Set<String> functionNames;

    Pump(TaskFunctions functions, Set<String> functionNames) {
        this(functions, functionNames, Clock.systemUTC());
    }

    /** On {@code clock}: a manual clock makes every delay, visibility, timer and lease logical time. */
    Pump(TaskFunctions functions, Set<String> functionNames, Clock clock) {
        this.clock = clock;
        this.queue = new InMemoryTaskQueue(clock, 5);
        this.outbox = new OutboxDispatcher(store, queue, timers, names, clock);
        this.orchestrator = new Orchestrator(store, definitions, outbox, clock, Boundary.Probe.NONE);
        this.tick = new ScheduleTick(store, timers, queue, outbox, names, clock, Duration.ofSeconds(5));
        this.deadLetters = new DeadLetterHandler(queue, names);
        this.functionNames = functionNames;
        this.harness = new WorkerHarness(functions, claims, timers, queue, names, clock, "worker-1", Duration.ofSeconds(30), Boundary.Probe.NONE,
                io.sluice.functions.tenancy.Tenancy.SINGLE.owners());
    }

    /** Handles whatever is visible now on every queue; returns how many messages it handled. */
    int once() {
        int handled = 0;
        for (ReceivedMessage m : queue.receive(names.orchestrator(), 10, Duration.ofSeconds(30), Duration.ZERO)) {
            orchestrator.handle(MessageCodec.decode(m.body()));
            queue.acknowledge(names.orchestrator(), m.receipt());
            handled++;
        }
        for (String f : functionNames) {
            String name = names.tasks(f);
            for (ReceivedMessage m : queue.receive(name, 10, VISIBILITY, Duration.ZERO)) {
                try {
                    if (harness.handle(m.body()) == WorkerHarness.Disposition.ACKNOWLEDGE) {
                        queue.acknowledge(name, m.receipt());
                    }
                } catch (Error | RuntimeException e) {
                    // Not acknowledged: it comes back, and after maxReceives it is dead-lettered.
                }
                handled++;
            }
            for (ReceivedMessage m : queue.receive(queue.deadLetterQueue(name), 10, VISIBILITY, Duration.ZERO)) {
                deadLetters.handle(name, m);
                queue.acknowledge(queue.deadLetterQueue(name), m.receipt());
            }
        }
        tick.tick();
        return handled;
    }

    /** The messages waiting on a task queue, without consuming them for long. */
    List<ReceivedMessage> peekTasks(String function) {
        return queue.receive(names.tasks(function), 10, Duration.ofMillis(1), Duration.ZERO);
    }

    TaskQueue queue() {
        return queue;
    }
}
