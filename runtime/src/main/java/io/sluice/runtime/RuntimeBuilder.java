package io.sluice.runtime;

import io.sluice.orchestration.port.CoupledWrites;
import java.util.Optional;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.control.RuleGate;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.harness.TaskGate;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.hibernate.Hibernation;
import io.sluice.functions.messaging.LambdaRouting;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.runtime.metrics.MicrometerObserver;
import io.sluice.runtime.tracing.ProcessTracing;
import io.micrometer.core.instrument.MeterRegistry;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.orchestrator.ScheduleTick;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.retention.ExecutionReaper;
import io.sluice.functions.retention.Retention;
import io.sluice.functions.tenancy.Owners;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.time.SystemRandom;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.trigger.schedule.ScheduleFirer;
import io.sluice.functions.trigger.schedule.ScheduledRuns;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StatusStore;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * The one place the runtime is composed. A host names its ports and settings here and calls {@link #build()}; every
 * host (local, the Lambdas, Azure Functions, the chaos drill, the parity hosts) gets the same orchestrator, outbox,
 * schedule tick and worker harness, wrapped the same way. Settings left alone have the defaults every host shares:
 * no crash probe, finished executions kept, outboxes swept after 30 s, no gate, no lineage, no events.
 */
public final class RuntimeBuilder {
    private final RuntimePorts ports;
    private final QueueNames names;
    private final Clock clock;
    private Boundary.Probe probe = Boundary.Probe.NONE;
    private Retention retention = Retention.KEEP;
    private Duration outboxGrace = Duration.ofSeconds(30);
    private Tenancy activityOwners;
    private LambdaRouting lambdas = LambdaRouting.BY_NAME;
    private boolean events;
    private Worker worker;
    private TaskGate gate = TaskGate.OPEN;
    private LineageLog lineage;
    private WorkerHarness.TaskFailures failures = WorkerHarness.TaskFailures.NONE;
    private ExecutionReaper reaper;
    private ScheduleFirer schedules;
    private RandomSource random = SystemRandom.SECURE;
    private RuntimeObserver observer = RuntimeObserver.NONE;
    private io.opentelemetry.api.OpenTelemetry tracing;
    private Function<String, Duration> sleepAfter = pipeline -> DEFAULT_SLEEP_AFTER;

    /**
     * How far away everything an execution waits for must be before it sleeps in the object store, unless its pipeline
     * says otherwise; only where the ports sleep ({@link RuntimePorts#sleepingIn}).
     */
    public static final Duration DEFAULT_SLEEP_AFTER = Duration.ofMinutes(5);

    /** Who the worker harness is: its claims' owner, its lease, and whose run each task is. */
    private record Worker(Owners owners, String id, Duration lease) {}

    private RuntimeBuilder(RuntimePorts ports, QueueNames names, Clock clock) {
        this.ports = Objects.requireNonNull(ports, "ports");
        this.names = Objects.requireNonNull(names, "names");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A runtime over {@code ports}, its queues named by {@code names}, its time from {@code clock}. */
    public static RuntimeBuilder on(RuntimePorts ports, QueueNames names, Clock clock) {
        return new RuntimeBuilder(ports, names, clock);
    }

    /** Where a test stops a run between two steps ({@link Boundary}); none by default. */
    public RuntimeBuilder probe(Boundary.Probe probe) {
        this.probe = Objects.requireNonNull(probe, "probe");
        return this;
    }

    /** When finished executions may leave the store; kept by default. */
    public RuntimeBuilder retention(Retention retention) {
        this.retention = Objects.requireNonNull(retention, "retention");
        return this;
    }

    /** How long a left-behind outbox waits before the tick sends it. */
    public RuntimeBuilder outboxGrace(Duration grace) {
        this.outboxGrace = Objects.requireNonNull(grace, "outboxGrace");
        return this;
    }

    /** A Task state on a Step Functions activity queues to its pipeline's tenant's activity of that name. */
    public RuntimeBuilder activitiesOf(Tenancy owners) {
        this.activityOwners = owners;
        return this;
    }

    /**
     * Where a Task calling a Lambda function is sent: by default to the function of its name ({@link LambdaRouting#BY_NAME});
     * a host with task queues for its own functions only gives {@link LambdaRouting#outside} them, so that the integrations
     * function calls any other through Lambda's Invoke API.
     */
    public RuntimeBuilder lambdaRouting(LambdaRouting routing) {
        this.lambdas = Objects.requireNonNull(routing, "routing");
        return this;
    }

    /** The orchestrator and the harness put execution events (started, retried, ended; blocked, released) on the events queue. */
    public RuntimeBuilder events(boolean events) {
        this.events = events;
        return this;
    }

    /**
     * This runtime runs tasks: its harness claims them as {@code id}, for {@code lease} at a time, each as the run's
     * owner {@code owners} names (never as its payload says).
     */
    public RuntimeBuilder worker(Owners owners, String id, Duration lease) {
        this.worker = new Worker(Objects.requireNonNull(owners, "owners"), Objects.requireNonNull(id, "id"), Objects.requireNonNull(lease, "lease"));
        return this;
    }

    /** Every task asks {@code gate} before it runs; {@code null}: open. A host's allow and block rules go through {@link #rules}. */
    public RuntimeBuilder gate(TaskGate gate) {
        this.gate = gate == null ? TaskGate.OPEN : gate;
        return this;
    }

    /**
     * Every task asks the rules of {@code book} ({@link Control#rules}) before it runs: one a block rule covers waits (the
     * {@link RuleGate}). Whose pipeline is whose comes from {@code tenancy}, a pipeline's priority from
     * {@code declaredPriority} (its options), never from the task; {@code null} book: open.
     */
    public RuntimeBuilder rules(RuleBook book, Tenancy tenancy, Function<String, Priority> declaredPriority) {
        Objects.requireNonNull(tenancy, "tenancy");
        Objects.requireNonNull(declaredPriority, "declaredPriority");
        return gate(book == null ? null : new RuleGate(book, tenancy, pipeline -> declaredPriority.apply(pipeline).name()));
    }

    /** Each succeeded task of a dataset-aware function records its datasets in {@code lineage}; {@code null}: none. */
    public RuntimeBuilder lineage(LineageLog lineage) {
        this.lineage = lineage;
        return this;
    }

    /** Told of each failed task, by function and error (a host's backpressure). */
    public RuntimeBuilder failures(WorkerHarness.TaskFailures failures) {
        this.failures = failures == null ? WorkerHarness.TaskFailures.NONE : failures;
        return this;
    }

    /**
     * Each sweep moves finished executions past their retention (as {@link #retention} says, so set that first) into
     * {@code archive} (null: nothing leaves), each run given its row in {@code index} (may be null), then out of the store.
     */
    public RuntimeBuilder archiveTo(ObjectStore archive, StatusStore index) {
        this.reaper = archive == null ? null : new ExecutionReaper(ports.executions(), new ExecutionArchive(archive), retention, index);
        return this;
    }

    /**
     * The tick also fires the due pipeline schedules of {@code index} (registered by whoever reads the pipelines' options),
     * starting each through {@code starter}, the host's one starter; an overlap policy looks at the runs in this runtime's
     * store. A host whose cloud scheduler starts them (AWS, Azure) does not call this.
     */
    public RuntimeBuilder schedules(ScheduleIndex index, ExecutionStarter starter, ScheduleFirer.Settings settings) {
        this.schedules = new ScheduleFirer(Objects.requireNonNull(index, "index"), Objects.requireNonNull(starter, "starter"),
                ScheduledRuns.in(ports.executions()), Objects.requireNonNull(settings, "settings"));
        return this;
    }

    /**
     * Where the runtime draws its randomness (task tokens' secrets, retry jitter, claim owners); unpredictable by default
     * ({@link SystemRandom#SECURE}). A test's seeded source makes a run repeat exactly.
     */
    public RuntimeBuilder random(RandomSource random) {
        this.random = Objects.requireNonNull(random, "random");
        return this;
    }

    /**
     * The runtime's metrics go to {@code registry} (the host's: Prometheus, CloudWatch's embedded metric format, ...), each
     * pipeline tagged with its tenant by {@code tenancy}; {@code null} registry: none (the default, costing nothing).
     * {@code SluiceMeters} (functions' {@code observe}) names every meter.
     */
    public RuntimeBuilder metrics(MeterRegistry registry, Tenancy tenancy) {
        this.observer = registry == null ? RuntimeObserver.NONE : new MicrometerObserver(registry, tenancy, names);
        return this;
    }

    /**
     * How far away everything an execution of a pipeline waits for (a Wait or retry timer; a callback, job or activity
     * is always far) must be before it sleeps in the object store ({@code null} for a pipeline: never); only where the
     * ports sleep ({@link RuntimePorts#sleepingIn}). {@link #DEFAULT_SLEEP_AFTER} by default.
     */
    public RuntimeBuilder sleepAfter(Function<String, Duration> sleepAfter) {
        this.sleepAfter = Objects.requireNonNull(sleepAfter, "sleepAfter");
        return this;
    }

    /**
     * The runtime's spans go to {@code openTelemetry} (a test's, a bench's); {@code null}, the default: to the process's,
     * as the standard {@code OTEL_*} variables configure it, which leave tracing off unless they ask for an exporter
     * ({@link ProcessTracing}).
     */
    public RuntimeBuilder tracing(io.opentelemetry.api.OpenTelemetry openTelemetry) {
        this.tracing = openTelemetry;
        return this;
    }

    /**
     * What the runtime's parts report to: the metrics {@link #metrics} set up (or {@link RuntimeObserver#NONE}), under the
     * traces when tracing is on ({@link #tracing}).
     */
    public RuntimeObserver observer() {
        return ProcessTracing.over(observer, tracing);
    }

    public RuntimePorts ports() {
        return ports;
    }

    public QueueNames names() {
        return names;
    }

    public Retention retention() {
        return retention;
    }

    /** The runtime these settings describe. */
    public SluiceRuntime build() {
        OutboxDispatcher outbox = new OutboxDispatcher(ports.executions(), ports.queue(), ports.timers(), names, clock, ports.activities());
        if (activityOwners != null) {
            outbox.scopeActivities(activityOwners);
        }
        outbox.routeLambdas(lambdas);
        Optional<CoupledWrites> coupled = coupled();
        outbox.couple(coupled.orElse(null));
        // Where the queue shares the store's server, each receive brings what its handler reads first: the orchestrator's
        // execution, the worker's claim (for this runtime's worker, if it has one).
        coupled.ifPresent(c -> c.readOnReceive(names.orchestrator(), worker == null ? null : worker.id(), clock,
                worker == null ? Duration.ZERO : worker.lease()));
        // Where executions sleep, the orchestrator's sleeps and wakes tell the probe too (the crash tests' boundaries).
        io.sluice.orchestration.port.ExecutionStore executions = ports.executions() instanceof io.sluice.functions.hibernate.HibernatingStore h
                ? h.withProbes(() -> probe.reached(Boundary.AFTER_SLEEP_OBJECT_BEFORE_STUB), () -> probe.reached(Boundary.AFTER_WAKE_BEFORE_DELETE))
                : ports.executions();
        Orchestrator orchestrator = new Orchestrator(executions, new DefinitionCache(ports.definitions()), outbox, clock, probe,
                retention).withRandom(random).withObserver(observer()).withHibernation(Hibernation.of(executions, sleepAfter));
        ScheduleTick tick = new ScheduleTick(ports.executions(), ports.timers(), ports.queue(), outbox, names, clock, outboxGrace, schedules)
                .withObserver(observer());
        return new SluiceRuntime(copy(), outbox, events ? orchestrator.withEvents() : orchestrator,
                reaper == null ? tick : tick.withReaper(reaper));
    }

    WorkerHarness harness(TaskFunctions functions) {
        if (worker == null) {
            throw new IllegalStateException("this runtime runs no tasks: build it with worker(owners, id, lease) to get a harness");
        }
        WorkerHarness harness = new WorkerHarness(functions, ports.claims(), ports.timers(), ports.queue(), names, clock, worker.id(),
                worker.lease(), probe, worker.owners()).withRandom(random).withGate(gate).withFailures(failures).withCoupledWrites(coupled().orElse(null))
                .withObserver(observer());
        harness = lineage == null ? harness : harness.withLineage(lineage);
        return events ? harness.withEvents() : harness;
    }

    /** A commit and its sends (a completion and its result) in one step, where the ports share a server that allows it. */
    private Optional<CoupledWrites> coupled() {
        return CoupledWrites.of(ports.executions(), ports.claims(), ports.queue());
    }

    RuntimeBuilder copy() {
        RuntimeBuilder b = new RuntimeBuilder(ports, names, clock);
        b.probe = probe;
        b.retention = retention;
        b.outboxGrace = outboxGrace;
        b.activityOwners = activityOwners;
        b.lambdas = lambdas;
        b.events = events;
        b.worker = worker;
        b.gate = gate;
        b.lineage = lineage;
        b.failures = failures;
        b.reaper = reaper;
        b.schedules = schedules;
        b.random = random;
        b.observer = observer;
        b.tracing = tracing;
        b.sleepAfter = sleepAfter;
        return b;
    }
}
