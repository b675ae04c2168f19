package io.sluice.local.runtime;

import io.sluice.orchestration.port.CoupledWrites;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.channel.ChannelLimits;
import io.sluice.functions.channel.ChannelSettings;
import io.sluice.functions.channel.ChannelTaker;
import io.sluice.functions.channel.Saturation;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.ScheduleTick;
import io.sluice.functions.retention.Retention;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.schedule.ScheduleFirer;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.functions.harness.TaskGate;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Everything a STANDARD pipeline needs on one machine: the orchestrator and the worker harness
 * consuming their queues on virtual threads, and the {@code schedule-tick} function, all over whatever
 * ports it is given (Redis, queues included, by default). The tick sweeps timers and left-behind outboxes
 * every {@link Settings#tickEvery()}; once {@link #fireSchedules} is called it also fires due pipeline
 * schedules every {@link Schedules#every()}, so their fire lag stays well under a second.
 */
public final class LocalRuntime implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LocalRuntime.class.getName());

    /** How it runs: queue names, lease and visibility, concurrency, tick period, and a crash probe for tests. */
    public record Settings(QueueNames names, Duration visibility, Duration lease, int concurrency, Duration tickEvery,
                           Duration outboxGrace, Boundary.Probe probe, Retention retention,
                           java.util.function.Function<String, Duration> hibernateAfter) {
        /** Settings whose executions sleep after the runtime's default ({@link RuntimeBuilder#DEFAULT_SLEEP_AFTER}), where the ports sleep. */
        public Settings(QueueNames names, Duration visibility, Duration lease, int concurrency, Duration tickEvery,
                        Duration outboxGrace, Boundary.Probe probe, Retention retention) {
            this(names, visibility, lease, concurrency, tickEvery, outboxGrace, probe, retention, pipeline -> RuntimeBuilder.DEFAULT_SLEEP_AFTER);
        }

        /** Settings that keep every finished execution ({@link Retention#KEEP}). */
        public Settings(QueueNames names, Duration visibility, Duration lease, int concurrency, Duration tickEvery, Duration outboxGrace,
                        Boundary.Probe probe) {
            this(names, visibility, lease, concurrency, tickEvery, outboxGrace, probe, Retention.KEEP);
        }

        public static Settings defaults() {
            return new Settings(QueueNames.DEFAULT, Duration.ofSeconds(30), Duration.ofSeconds(30), 64, Duration.ofSeconds(1),
                    Duration.ofSeconds(5), Boundary.Probe.NONE);
        }

        public Settings withRetention(Retention retention) {
            return new Settings(names, visibility, lease, concurrency, tickEvery, outboxGrace, probe, retention, hibernateAfter);
        }

        /** How far away a pipeline's waits must be before its executions sleep ({@code null} for a pipeline: never). */
        public Settings withHibernateAfter(java.util.function.Function<String, Duration> hibernateAfter) {
            return new Settings(names, visibility, lease, concurrency, tickEvery, outboxGrace, probe, retention, hibernateAfter);
        }
    }

    /**
     * Pipeline schedules for the runtime to fire.
     *
     * @param index     where the schedules are (registered by whoever reads the pipelines' options)
     * @param starter   starts each fire (the host's one {@link ExecutionStarter}, usually over {@link #start})
     * @param every     how often due schedules are looked for
     */
    public record Schedules(ScheduleIndex index, ExecutionStarter starter, Duration every,
                            ScheduleFirer.Settings firer) {
        public Schedules {
            if (every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("schedules are looked for every positive duration, not " + every);
            }
        }
    }

    private final TaskFunctions functions;
    private volatile SluiceRuntime runtime;
    private volatile Orchestrator orchestrator;
    private final RuntimePorts ports;
    private final Settings settings;
    private final Clock clock;
    private volatile WorkerHarness harness;
    private final List<AutoCloseable> running = new ArrayList<>();
    private final Map<String, ChannelConsumer> channelConsumers = new java.util.LinkedHashMap<>();
    private final Map<String, Saturation> saturation = new java.util.concurrent.ConcurrentHashMap<>();
    private final Thread ticker;
    private volatile ScheduleTick tick;
    private volatile Duration fireEvery;
    private static final Duration TIMER_EVERY = Duration.ofMillis(200);
    private volatile boolean open = true;
    private boolean archives;

    /** A runtime of one operator and no tenants (benches, drills): every pipeline is the platform's. */
    public LocalRuntime(RuntimePorts ports, TaskFunctions functions, Collection<String> functionNames, Settings settings, Clock clock) {
        this(ports, functions, functionNames, settings, clock, io.sluice.functions.tenancy.Tenancy.SINGLE);
    }

    /** @param tenancy whose run each task is: the worker harness fixes every task's owner by it */
    public LocalRuntime(RuntimePorts ports, TaskFunctions functions, Collection<String> functionNames, Settings settings, Clock clock,
                        io.sluice.functions.tenancy.Tenancy tenancy) {
        QueueNames names = settings.names();
        this.ports = ports;
        this.settings = settings;
        this.clock = clock;
        this.functions = functions;
        // A task that failed because its backend is saturated (Glue's concurrent runs, throttling, too many warehouse
        // connections) throttles its function's lowest channels first (taskFailed).
        use(RuntimeBuilder.on(ports, names, clock).probe(settings.probe()).retention(settings.retention()).outboxGrace(settings.outboxGrace())
                .sleepAfter(settings.hibernateAfter())
                .worker(tenancy.owners(), "local-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8),
                        settings.lease())
                .failures(this::taskFailed).build());
        this.fireEvery = settings.tickEvery();
        Boundary.Probe probe = settings.probe();
        // Where the store and the queue share one Redis node, a message's acknowledgement goes with the write that applies it.
        running.add(new QueueConsumer(ports.queue(), names.orchestrator(), m -> {
            CoupledWrites.Acknowledgement ack = new CoupledWrites.Acknowledgement(names.orchestrator(), m.receipt());
            orchestrator.handle(MessageCodec.decode(m.body()), ack, m.readAlong());
            probe.reached(Boundary.AFTER_RESULT_BEFORE_ACK);
            return !ack.done();
        }, settings.visibility(), settings.concurrency()));
        // Each function's tasks come through its priority channels: P0 first, P3 throttled first; limits once set (limitChannels).
        for (String f : functionNames) {
            ChannelConsumer consumer = new ChannelConsumer(ports.queue(), names.tasks(f),
                    new ChannelTaker(ports.queue(), names.channelsByPriority(f), null, ChannelSettings.defaults(), clock), (m, taskQueue) -> {
                CoupledWrites.Acknowledgement coupledAck = new CoupledWrites.Acknowledgement(taskQueue, m.receipt());
                WorkerHarness.Disposition done = harness.handle(m.body(), taskQueue, coupledAck, m.readAlong());
                boolean ack = done != WorkerHarness.Disposition.RETRY_LATER;
                if (done == WorkerHarness.Disposition.ACKNOWLEDGE) {
                    probe.reached(Boundary.AFTER_RESULT_BEFORE_ACK);
                }
                return ack && !coupledAck.done();
            }, settings.visibility(), settings.concurrency());
            channelConsumers.put(f, consumer);
            running.add(consumer);
        }
        this.ticker = Thread.ofVirtual().name("schedule-tick").start(this::tickLoop);
    }

    /** Runs {@code composed} from now on: its orchestrator, its harness over this runtime's functions, its tick. */
    private void use(SluiceRuntime composed) {
        runtime = composed;
        orchestrator = composed.orchestrator();
        harness = composed.worker(functions);
        tick = composed.tick();
    }

    /** Runs, from now on, the runtime this one's settings changed by {@code change} describe. */
    private void rebuild(java.util.function.UnaryOperator<RuntimeBuilder> change) {
        use(change.apply(runtime.toBuilder()).build());
    }

    private void taskFailed(String function, String error) {
        ChannelConsumer consumer = channelConsumers.get(function);
        if (consumer == null || !Saturation.saysSaturated(error)) {
            return;
        }
        Saturation.Signal s = saturation.computeIfAbsent(function, f -> Saturation.defaults()).signal(clock.instant());
        LOG.info(() -> function + " reported " + error + ": pausing its " + s.level() + " lowest priority channel(s) until " + s.until());
        consumer.saturated(s.level(), s.until());
    }

    /** The channels of {@code function}'s consumer paused at its last look (under pressure, or its backend saturated). */
    public java.util.Set<Priority> pausedChannels(String function) {
        ChannelConsumer c = channelConsumers.get(function);
        return c == null ? java.util.Set.of() : c.paused();
    }

    /**
     * Fires due pipeline schedules from now on, from this runtime's tick, starting executions through
     * the schedules' starter. Called once.
     */
    public synchronized void fireSchedules(Schedules schedules) {
        if (tick.firesSchedules()) {
            throw new IllegalStateException("this runtime fires schedules already");
        }
        fireEvery = schedules.every();
        rebuild(b -> b.schedules(schedules.index(), schedules.starter(), schedules.firer()));
        LockSupport.unpark(ticker);
    }

    /**
     * From now on every task is admitted under {@code limits} (its channel's, pipeline's and tenant's concurrency
     * and rate, across processes), and the channels are throttled by {@code limits}' pressure settings.
     */
    public synchronized void limitChannels(ChannelLimits limits) {
        channelConsumers.forEach((f, c) -> c.use(new ChannelTaker(ports.queue(), settings.names().channelsByPriority(f), limits,
                limits.settings(), clock)));
    }

    /** Starts an execution on channel {@code priority}, as {@link Orchestrator#start(String, String, Definition, JsonNode, Priority)} does. */
    public StartResult.Existing start(String pipeline, String name, Definition definition, JsonNode input, Priority priority) {
        return orchestrator.start(pipeline, name, definition, input, priority);
    }

    /** From now on each succeeded task of a dataset-aware function records its datasets in {@code lineage}. Called once. */
    public synchronized void recordLineage(LineageLog lineage) {
        rebuild(b -> b.lineage(lineage));
    }

    /**
     * From now on the execution events (started, retried, succeeded, failed, aborted; blocked and released by the
     * task gate) go to the events queue, for the events consumer's relay to deliver. Called once.
     */
    public synchronized void emitEvents() {
        rebuild(b -> b.events(true));
    }

    /**
     * From now on the runtime's metrics go to {@code registry} ({@link RuntimeBuilder#metrics}), each pipeline tagged with its
     * tenant by {@code tenancy}, with gauges of the depth and oldest-message age of the orchestrator's, the events' and every
     * task channel's queue. Called once.
     */
    public synchronized void recordMetrics(io.micrometer.core.instrument.MeterRegistry registry, io.sluice.functions.tenancy.Tenancy tenancy) {
        rebuild(b -> b.metrics(registry, tenancy));
        List<String> queues = new ArrayList<>(List.of(settings.names().orchestrator(), settings.names().events()));
        channelConsumers.keySet().forEach(f -> queues.addAll(settings.names().channels(f)));
        io.sluice.runtime.metrics.QueueGauges.watch(registry, ports.queue(), queues);
    }

    /** What this runtime's parts report to (its metrics, once {@link #recordMetrics} is called), for the parts built beside it. */
    public io.sluice.functions.observe.RuntimeObserver observer() {
        return runtime.observer();
    }

    /** From now on a Task state on a Step Functions activity queues to its pipeline's tenant's activity of that name. */
    public synchronized void scopeActivities(io.sluice.functions.tenancy.Tenancy owners) {
        rebuild(b -> b.activitiesOf(owners));
    }

    /** From now on every task asks {@code gate} before it runs; a held one waits. Called once. */
    public synchronized void gateTasks(TaskGate gate) {
        rebuild(b -> b.gate(gate));
    }

    /**
     * From now on every task asks the allow and block rules of {@code rules} before it runs, as on every host
     * ({@link RuntimeBuilder#rules}); a held one waits. Called once.
     */
    public synchronized void applyRules(io.sluice.functions.control.RuleBook rules, io.sluice.functions.tenancy.Tenancy tenancy,
                                        java.util.function.Function<String, Priority> declaredPriority) {
        rebuild(b -> b.rules(rules, tenancy, declaredPriority));
    }

    /**
     * From now on each sweep moves finished executions whose retention passed ({@link Settings#retention()})
     * into {@code archive}, then out of the store. Called once.
     */
    public synchronized void archiveExpired(ObjectStore archive) {
        archiveExpired(archive, null);
    }

    /** As {@link #archiveExpired(ObjectStore)}, each archived run also given its row in {@code index}, the status table. */
    public synchronized void archiveExpired(ObjectStore archive, StatusStore index) {
        if (archives) {
            throw new IllegalStateException("this runtime archives expired executions already");
        }
        archives = true;
        rebuild(b -> b.archiveTo(archive, index));
    }

    /**
     * Fires schedules every {@code fireEvery} (once there are any), due timers every {@link #timerEvery()} and sweeps every
     * {@code tickEvery}; periods are real time, whatever the clock says.
     */
    private void tickLoop() {
        long nextSweep = System.nanoTime();
        long nextTimers = nextSweep;
        boolean failing = false;
        while (open) {
            ScheduleTick t = tick;
            try {
                if (t.firesSchedules()) {
                    t.fireSchedules();
                }
                if (System.nanoTime() - nextSweep >= 0) {
                    t.sweep();
                    nextSweep = System.nanoTime() + settings.tickEvery().toNanos();
                    nextTimers = System.nanoTime() + timerEvery().toNanos();
                } else if (System.nanoTime() - nextTimers >= 0) {
                    t.fireTimers();
                    nextTimers = System.nanoTime() + timerEvery().toNanos();
                }
                failing = false;
            } catch (RuntimeException e) {
                if (!open) {
                    return; // closing: the tick was interrupted on purpose (its Redis call with it); nothing to report
                }
                // Once per outage at WARNING: a tick several times a second would flood the log otherwise.
                LOG.log(failing ? Level.FINE : Level.WARNING, "schedule-tick failed; next tick retries", e);
                failing = true;
                nextSweep = System.nanoTime() + settings.tickEvery().toNanos();
            }
            long untilNext = Math.max(0, Math.min(nextSweep, nextTimers) - System.nanoTime());
            LockSupport.parkNanos(t.firesSchedules() ? Math.min(fireEvery.toNanos(), untilNext) : untilNext);
            if (Thread.interrupted() && !open) {
                return;
            }
        }
    }

    /**
     * How often due timers fire between sweeps: a fifth of a second, or the sweep's period if shorter. A timer wakes its
     * execution (a sleeping one too) at most this late, plus the wake; one timer read per period costs an idle runtime little.
     */
    private Duration timerEvery() {
        return settings.tickEvery().compareTo(TIMER_EVERY) < 0 ? settings.tickEvery() : TIMER_EVERY;
    }

    public Orchestrator orchestrator() {
        return orchestrator;
    }

    /** Starts an execution as {@link Orchestrator#start} does. */
    public StartResult.Existing start(String pipeline, String name, Definition definition, JsonNode input) {
        return orchestrator.start(pipeline, name, definition, input);
    }

    /** Starts an execution through a version or alias ARN, as {@link Orchestrator#start} does with its qualifier. */
    public StartResult.Existing start(String pipeline, String name, Definition definition, JsonNode input, String startedThrough) {
        return orchestrator.start(pipeline, name, definition, input, Priority.DEFAULT, startedThrough);
    }

    /**
     * Applies one orchestrator message now, on the calling thread (a stop or redrive from the HTTP
     * API). The queue hands out one execution's messages one at a time (its groups), on every host;
     * this call may still meet one of them, and the store's compare-and-set decides (the loser
     * reloads and applies again; anything it re-sends carries the same command id, which the queue drops).
     */
    public Orchestrator.Outcome apply(OrchestratorMessage message) {
        return orchestrator.handle(message);
    }

    @Override
    public void close() {
        open = false;
        // Woken, not interrupted: a tick in the middle of a Redis call finishes it, so no command is cut off (Redisson
        // would log each one) and nothing half-done is left; only a tick stuck longer than that is interrupted.
        LockSupport.unpark(ticker);
        try {
            if (!ticker.join(Duration.ofSeconds(5))) {
                ticker.interrupt();
            }
        } catch (InterruptedException e) {
            ticker.interrupt();
            Thread.currentThread().interrupt();
        }
        for (AutoCloseable c : running) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.log(Level.FINE, "closing " + c, e);
            }
        }
    }
}
