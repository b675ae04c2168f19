package io.sluice.runtime.metrics;

import static io.sluice.functions.observe.SluiceMeters.CHANNEL;
import static io.sluice.functions.observe.SluiceMeters.FUNCTION;
import static io.sluice.functions.observe.SluiceMeters.OUTCOME;
import static io.sluice.functions.observe.SluiceMeters.PIPELINE;
import static io.sluice.functions.observe.SluiceMeters.TENANT;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.HistoryEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The runtime's observations as Micrometer meters ({@link SluiceMeters} names them). Every meter is registered the first
 * time its pipeline, channel or function is seen and then kept here, so an observation on the hot path is a map lookup
 * and an increment: no tag lists built, no registry lookups. Intervals are measured on the registry's own clock.
 */
public final class MicrometerObserver implements RuntimeObserver {
    private static final Duration[] DISPATCH_BUCKETS = millis(1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 5000);

    private final MeterRegistry registry;
    private final Tenancy tenancy;
    private final QueueNames names;
    private final Map<String, PipelineMeters[]> pipelines = new ConcurrentHashMap<>();
    private final Map<String, Timer[]> dispatch = new ConcurrentHashMap<>();
    private final Map<String, Counter> deadLetters = new ConcurrentHashMap<>();
    private final Map<String, Counter[]> upstream = new ConcurrentHashMap<>();
    private final Timer timerLag;
    private final Timer scheduleLag;
    private final Counter dependenciesReleased;
    private final java.util.concurrent.atomic.AtomicInteger retentionBacklog = new java.util.concurrent.atomic.AtomicInteger();
    private volatile boolean backlogRegistered;

    /** @param tenancy whose each pipeline is, for the {@link SluiceMeters#TENANT} tag; @param names the queues' names, to tell a task's channel */
    public MicrometerObserver(MeterRegistry registry, Tenancy tenancy, QueueNames names) {
        this.registry = java.util.Objects.requireNonNull(registry, "registry");
        this.tenancy = java.util.Objects.requireNonNull(tenancy, "tenancy");
        this.names = java.util.Objects.requireNonNull(names, "names");
        this.timerLag = Timer.builder(SluiceMeters.TIMER_LAG).description("how late the tick fired due timers").register(registry);
        this.scheduleLag = Timer.builder(SluiceMeters.SCHEDULE_LAG).description("how late a schedule's fire started its execution")
                .register(registry);
        this.dependenciesReleased = Counter.builder(SluiceMeters.DEPENDENCIES_RELEASED)
                .description("dependency-check tasks released by an upstream's success").register(registry);
    }

    public MeterRegistry registry() {
        return registry;
    }

    @Override
    public long nanos() {
        return registry.config().clock().monotonicTime();
    }

    @Override
    public void committed(String pipeline, Priority priority, Execution execution, List<HistoryEvent> history) {
        PipelineMeters m = meters(pipeline, priority);
        for (HistoryEvent h : history) {
            switch (h.type()) {
                case EXECUTION_STARTED, EXECUTION_REDRIVEN -> m.started.increment();
                case STATE_ENTERED -> m.transitions.increment();
                case TASK_RETRY_SCHEDULED -> m.retries.increment();
                case CAUGHT -> m.catches.increment();
                case EXECUTION_SUCCEEDED -> m.ended(0, execution, h.at());
                case EXECUTION_FAILED -> m.ended(1, execution, h.at());
                case EXECUTION_TIMED_OUT -> m.ended(2, execution, h.at());
                case EXECUTION_ABORTED -> m.ended(3, execution, h.at());
                default -> { }
            }
        }
    }

    @Override
    public void taskRan(TaskMessage task, String fromQueue, boolean failed, long nanos) {
        PipelineMeters m = taskMeters(task, fromQueue);
        if (m != null) {
            m.task(task.function(), failed).record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void taskDispatched(TaskMessage task, String fromQueue, Instant now) {
        Instant sent = task.sentAt();
        if (sent == null) {
            return;
        }
        Priority channel = SluiceMeters.channelOf(names, task.function(), fromQueue);
        Timer[] byChannel = dispatch.computeIfAbsent(task.function(), f -> new Timer[Priority.values().length]);
        Timer t = byChannel[channel.ordinal()];
        if (t == null) {
            t = Timer.builder(SluiceMeters.DISPATCH_LATENCY).description("from the dispatching commit's send to the worker starting the task")
                    .tags(FUNCTION, task.function(), CHANNEL, channel.name()).serviceLevelObjectives(DISPATCH_BUCKETS).register(registry);
            byChannel[channel.ordinal()] = t; // a race registers the same meter twice: the registry hands back the one it has
        }
        long ms = now.toEpochMilli() - sent.toEpochMilli();
        t.record(Math.max(0, ms), TimeUnit.MILLISECONDS);
    }

    @Override
    public void timerFired(Duration lag) {
        timerLag.record(lag.isNegative() ? Duration.ZERO : lag);
    }

    @Override
    public void scheduleFired(Duration lag) {
        scheduleLag.record(lag.isNegative() ? Duration.ZERO : lag);
    }

    @Override
    public void deadLettered(String sourceQueue) {
        deadLetters.computeIfAbsent(sourceQueue, q -> Counter.builder(SluiceMeters.DEAD_LETTERS)
                .description("messages that arrived on a dead-letter queue").tag(SluiceMeters.QUEUE, q).register(registry)).increment();
    }

    @Override
    public void taskBlocked(TaskMessage task, String fromQueue) {
        PipelineMeters m = taskMeters(task, fromQueue);
        if (m != null) {
            m.blocked(task.function()).count.increment();
        }
    }

    @Override
    public void taskReleased(TaskMessage task, String fromQueue, Duration held) {
        PipelineMeters m = taskMeters(task, fromQueue);
        if (m != null) {
            m.blocked(task.function()).duration.record(held.isNegative() ? Duration.ZERO : held);
        }
    }

    @Override
    public void upstreamRecorded(String dependent, boolean met) {
        upstream.computeIfAbsent(dependent, d -> SluiceMeters.UPSTREAM_OUTCOMES.stream().map(o -> Counter.builder(SluiceMeters.UPSTREAM_RECORDED)
                .description("upstream successes recorded for a dependent's partition").tags(PIPELINE, d, TENANT, tenantOf(d), OUTCOME, o)
                .register(registry)).toArray(Counter[]::new))[met ? 1 : 0].increment();
    }

    @Override
    public void dependenciesReleased(int count) {
        dependenciesReleased.increment(count);
    }

    @Override
    public void retentionBacklog(int executions) {
        retentionBacklog.set(executions);
        if (!backlogRegistered) { // only where a tick archives: elsewhere the gauge would say 0 for a store nobody sweeps
            io.micrometer.core.instrument.Gauge.builder(SluiceMeters.RETENTION_BACKLOG, retentionBacklog, java.util.concurrent.atomic.AtomicInteger::get)
                    .description("finished executions past their retention still in the store after the last archive sweep").register(registry);
            backlogRegistered = true;
        }
    }

    /** The meters of the task's pipeline on its channel; null for a token that names none. */
    private PipelineMeters taskMeters(TaskMessage task, String fromQueue) {
        String token = task.token();
        int colon = token.indexOf(':');
        return colon <= 0 ? null : meters(token.substring(0, colon), SluiceMeters.channelOf(names, task.function(), fromQueue));
    }

    private String tenantOf(String pipeline) {
        return tenancy.tenantOf(pipeline).orElse(SluiceMeters.NO_TENANT);
    }

    private PipelineMeters meters(String pipeline, Priority priority) {
        PipelineMeters[] byChannel = pipelines.computeIfAbsent(pipeline, p -> new PipelineMeters[Priority.values().length]);
        PipelineMeters m = byChannel[priority.ordinal()];
        if (m == null) {
            m = new PipelineMeters(registry, Tags.of(PIPELINE, pipeline, TENANT, tenantOf(pipeline), CHANNEL, priority.name()));
            byChannel[priority.ordinal()] = m; // a race builds two of the same: their meters are the registry's same ones
        }
        return m;
    }

    private static Duration[] millis(long... ms) {
        Duration[] d = new Duration[ms.length];
        for (int i = 0; i < ms.length; i++) {
            d[i] = Duration.ofMillis(ms[i]);
        }
        return d;
    }

    /** A function's tasks held back by rules: how many, and how long until let through. */
    private record Blocked(Counter count, Timer duration) {}

    /** One pipeline's meters on one channel. */
    private static final class PipelineMeters {
        private final MeterRegistry registry;
        private final Tags tags;
        final Counter started;
        final Counter transitions;
        final Counter retries;
        final Counter catches;
        private final Counter[] ended = new Counter[SluiceMeters.EXECUTION_OUTCOMES.size()];
        private final Timer[] durations = new Timer[SluiceMeters.EXECUTION_OUTCOMES.size()];
        private final Map<String, Timer[]> tasks = new ConcurrentHashMap<>();
        private final Map<String, Blocked> blocked = new ConcurrentHashMap<>();

        PipelineMeters(MeterRegistry registry, Tags tags) {
            this.registry = registry;
            this.tags = tags;
            started = Counter.builder(SluiceMeters.EXECUTIONS_STARTED).description("executions started or redriven").tags(tags).register(registry);
            transitions = Counter.builder(SluiceMeters.STATE_TRANSITIONS).description("states entered").tags(tags).register(registry);
            retries = Counter.builder(SluiceMeters.TASK_RETRIES).description("task retries scheduled").tags(tags).register(registry);
            catches = Counter.builder(SluiceMeters.CATCHES).description("errors caught by a Catch").tags(tags).register(registry);
            for (int i = 0; i < ended.length; i++) {
                Tags outcome = tags.and(OUTCOME, SluiceMeters.EXECUTION_OUTCOMES.get(i));
                ended[i] = Counter.builder(SluiceMeters.EXECUTIONS_ENDED).description("executions ended").tags(outcome).register(registry);
                durations[i] = Timer.builder(SluiceMeters.EXECUTION_DURATION).description("an ended execution's start to end").tags(outcome)
                        .register(registry);
            }
        }

        void ended(int outcome, Execution execution, Instant at) {
            ended[outcome].increment();
            if (execution.startTime() != null && at != null) {
                durations[outcome].record(Math.max(0, at.toEpochMilli() - execution.startTime().toEpochMilli()), TimeUnit.MILLISECONDS);
            }
        }

        Timer task(String function, boolean failed) {
            Timer[] byOutcome = tasks.computeIfAbsent(function, f -> new Timer[] {task(f, "succeeded"), task(f, "failed")});
            return byOutcome[failed ? 1 : 0];
        }

        Blocked blocked(String function) {
            return blocked.computeIfAbsent(function, f -> new Blocked(
                    Counter.builder(SluiceMeters.TASKS_BLOCKED).description("tasks a rule held back").tags(tags).tag(FUNCTION, f).register(registry),
                    Timer.builder(SluiceMeters.TASK_BLOCKED_DURATION).description("how long a held task waited for a rule to let it through")
                            .tags(tags).tag(FUNCTION, f).register(registry)));
        }

        private Timer task(String function, String outcome) {
            return Timer.builder(SluiceMeters.TASK_DURATION).description("a task function's run").tags(tags)
                    .tags(FUNCTION, function, OUTCOME, outcome).register(registry);
        }
    }
}
