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
import io.sluice.runtime.tracing.TracingObserver;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.observe.TraceSpan;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import org.openjdk.jmh.annotations.TearDown;
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
 * What the runtime's metrics and traces cost on the hot path (issue 36), without the rest of a transition around them:
 * the observations the worker harness makes for one task (its dispatch latency and its run) and the orchestrator makes
 * for one committed transition (a state entered), into a Prometheus registry as {@code sluice serve} has it, against
 * {@link RuntimeObserver#NONE}. The {@code *Traced*} ones add the span hooks the harness and the orchestrator call
 * ({@code running}, {@code applying}, their {@code end} and {@code traceparent}): tracing off (the metrics observer,
 * whose spans are {@link TraceSpan#NONE}) and on ({@link TracingObserver} over it, the SDK's batch processor in front of
 * an exporter that drops the batches). Average time per call, in nanoseconds.
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
    private RuntimeObserver traced;
    private OpenTelemetrySdk sdk;
    private OrchestratorMessage result;
    private Execution execution;

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
        execution = new Interpreter(DefinitionParser.parse(Json.parse("""
                {"StartAt": "Load", "States": {"Load": {"Type": "Task", "Resource": "sluice:function:load", "Next": "Next"},
                 "Next": {"Type": "Pass", "End": true}}}""")), true).start("orders:run-1", "run-1", Json.object(), now,
                RandomSource.seeded(1)).execution();
        result = new OrchestratorMessage.TaskResult(task.token(), Json.object(), null, null,
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(BatchSpanProcessor.builder(
                new SpanExporter() {
                    @Override
                    public CompletableResultCode export(Collection<SpanData> spans) {
                        return CompletableResultCode.ofSuccess();
                    }

                    @Override
                    public CompletableResultCode flush() {
                        return CompletableResultCode.ofSuccess();
                    }

                    @Override
                    public CompletableResultCode shutdown() {
                        return CompletableResultCode.ofSuccess();
                    }
                }).build()).build()).build();
        traced = new TracingObserver(sdk.getTracer("bench"), metrics);
    }

    @TearDown
    public void tearDown() {
        sdk.close();
    }

    /** One task as the harness observes it with its span: tracing off, metrics on (the default of every host). */
    @Benchmark
    public long taskTracedOff() {
        return tracedTask(metrics);
    }

    @Benchmark
    public long taskTracedOn() {
        return tracedTask(traced);
    }

    /** One message applied and its transition committed, as the orchestrator observes it with its span: tracing off. */
    @Benchmark
    public String transitionTracedOff() {
        return tracedTransition(metrics);
    }

    @Benchmark
    public String transitionTracedOn() {
        return tracedTransition(traced);
    }

    private long tracedTask(RuntimeObserver o) {
        o.taskDispatched(task, queue, now);
        long started = o.nanos();
        TraceSpan span = o.running(task, queue);
        span.end(null);
        long ran = o.nanos() - started;
        o.taskRan(task, queue, false, ran);
        return span.traceparent() == null ? ran : ran + 1;
    }

    private String tracedTransition(RuntimeObserver o) {
        TraceSpan span = o.applying(result, null);
        o.committed("orders", Priority.P2, execution, transition);
        String sent = span.traceparent();
        span.end(null);
        return sent;
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
