package io.sluice.bench;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.json.Json;
import io.sluice.runtime.metrics.MicrometerObserver;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the runtime's metrics cost on the hot path (issue 36), without the rest of a transition around them: the
 * observations the worker harness makes for one task (its dispatch latency and its run) and the orchestrator makes for
 * one committed transition (a state entered), into a Prometheus registry as {@code sluice serve} has it, against
 * {@link RuntimeObserver#NONE}. Average time per call, in nanoseconds.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ObserverBenchmark {
    private RuntimeObserver metrics;
    private RuntimeObserver none;
    private TaskMessage task;
    private String queue;
    private Instant now;
    private List<HistoryEvent> transition;

    @Setup
    public void setUp() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        metrics = new MicrometerObserver(registry, Tenancy.SINGLE, QueueNames.DEFAULT);
        none = RuntimeObserver.NONE;
        now = Instant.parse("2026-12-05T10:00:00.005Z");
        task = new TaskMessage("orders:run-1.0.3.0.0123456789abcdef0123456789abcdef", "sluice:function:load", "load",
                IntegrationPattern.REQUEST_RESPONSE, Json.object(), "Load", 0, null, null, null, null, Instant.parse("2026-12-05T10:00:00Z"));
        queue = QueueNames.DEFAULT.tasks("load");
        transition = List.of(new HistoryEvent(now, HistoryEvent.Type.TASK_SUCCEEDED, 0, "Load", null),
                new HistoryEvent(now, HistoryEvent.Type.STATE_EXITED, 0, "Load", null),
                new HistoryEvent(now, HistoryEvent.Type.STATE_ENTERED, 0, "Next", null),
                new HistoryEvent(now, HistoryEvent.Type.TASK_SCHEDULED, 0, "Next", null));
    }

    /** One task's observations: its dispatch latency, then its run (two monotonic clock reads around it). */
    @Benchmark
    public long taskWithMetrics() {
        return task(metrics);
    }

    @Benchmark
    public long taskWithoutMetrics() {
        return task(none);
    }

    /** One committed transition of a Task state to the next: four history lines, one of them a state entered. */
    @Benchmark
    public void transitionWithMetrics() {
        metrics.committed("orders", Priority.P2, null, transition);
    }

    @Benchmark
    public void transitionWithoutMetrics() {
        none.committed("orders", Priority.P2, null, transition);
    }

    private long task(RuntimeObserver o) {
        o.taskDispatched(task, queue, now);
        long started = o.nanos();
        long ran = o.nanos() - started;
        o.taskRan(task, queue, false, ran);
        return ran;
    }
}
