package io.sluice.runtime.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.CallerTrace;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.runtime.QueuePump;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The runtime's spans as the one composition wires them ({@link RuntimeBuilder#tracing}): one trace per execution, each
 * span the child of the span that caused it, through the messages' traceparents, with the attributes the catalog names and
 * no payload. In-memory ports on a manual clock; the spans go to OpenTelemetry's in-memory exporter.
 */
class RuntimeTracingTest {
    static final QueueNames NAMES = QueueNames.DEFAULT;
    static final String SECRET = "s3cr3t-input-value";
    /** A task that fails its first attempt and is retried after 2 s, then a Pass. */
    static final String RETRIED = """
            {"StartAt": "Load", "States": {
              "Load": {"Type": "Task", "Resource": "sluice:function:flaky",
                       "Retry": [{"ErrorEquals": ["Busy"], "MaxAttempts": 1, "IntervalSeconds": 2}], "Next": "Done"},
              "Done": {"Type": "Pass", "End": true}}}""";
    static final String CHILD = """
            {"StartAt": "Spawn", "States": {"Spawn": {"Type": "Task", "Resource": "sluice:function:spawn", "End": true}}}""";
    static final String LEAF = """
            {"StartAt": "Leaf", "States": {"Leaf": {"Type": "Pass", "End": true}}}""";

    final ManualClock clock = new ManualClock(Instant.parse("2026-12-05T00:00:00Z"));
    final InMemoryTaskQueue queue = new InMemoryTaskQueue(clock, 5);
    final RuntimePorts ports = new RuntimePorts(new InMemoryExecutionStore(), new InMemoryIdempotencyStore(), queue, new InMemoryTimerIndex(),
            new InMemoryDefinitionStore());
    final InMemorySpanExporter spans = InMemorySpanExporter.create();
    final OpenTelemetrySdk otel = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();
    final AtomicInteger calls = new AtomicInteger();
    SluiceRuntime runtime;

    final TaskFunctions functions = TaskFunctions.of(Map.<String, Function<JsonNode, JsonNode>>of(
            "flaky", in -> {
                if (calls.getAndIncrement() == 0) {
                    throw new TaskError("Busy", "try again: " + SECRET, true);
                }
                return in;
            },
            "spawn", in -> {
                // As the executions function does: the child starts on the worker's thread, inside the parent's task span.
                runtime.orchestrator().start("leaf", "child-1", DefinitionParser.parse(Json.parse(LEAF)), Json.object());
                return in;
            }));

    SluiceRuntime traced() {
        runtime = RuntimeBuilder.on(ports, NAMES, clock).worker(Tenancy.SINGLE.owners(), "w", Duration.ofSeconds(30)).tracing(otel).build();
        return runtime;
    }

    void pump() {
        new QueuePump(queue, NAMES, clock, List.of("flaky", "spawn")).run(runtime, runtime.worker(functions));
    }

    @Test
    void anExecutionIsOneTraceWhoseSpansAreChildrenOfWhatCausedThem() {
        traced().orchestrator().start("orders", "run-1", DefinitionParser.parse(Json.parse(RETRIED)),
                Json.parse("{\"password\": \"" + SECRET + "\"}"));
        pump();

        List<SpanData> all = spans.getFinishedSpanItems();
        assertThat(all.stream().map(SpanData::getTraceId).distinct()).as("one trace").hasSize(1);
        SpanData start = one(all, "sluice.start");
        assertThat(start.getParentSpanContext().isValid()).as("the root").isFalse();
        assertThat(start.getAttributes().get(SpanNames.PIPELINE)).isEqualTo("orders");
        assertThat(start.getAttributes().get(SpanNames.EXECUTION)).isEqualTo("orders:run-1");

        List<SpanData> tasks = named(all, "sluice.task flaky");
        assertThat(tasks).extracting(t -> t.getAttributes().get(SpanNames.ATTEMPT)).containsExactly(0L, 1L);
        SpanData first = tasks.get(0);
        SpanData second = tasks.get(1);
        assertThat(first.getParentSpanId()).as("dispatched by the start").isEqualTo(start.getSpanId());
        assertThat(first.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(first.getAttributes().get(SpanNames.ERROR)).isEqualTo("Busy");
        assertThat(first.getAttributes().get(SpanNames.FUNCTION)).isEqualTo("flaky");
        assertThat(first.getAttributes().get(SpanNames.STATE_NAME)).isEqualTo("Load");
        assertThat(second.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);

        // The first attempt's failure is applied under its task span; its retry timer is applied under that; the second
        // attempt was dispatched by the timer's span; its result is applied under the second task span.
        SpanData failed = one(all, "sluice.apply taskFailed");
        assertThat(failed.getParentSpanId()).isEqualTo(first.getSpanId());
        SpanData timer = one(all, "sluice.apply timer");
        assertThat(timer.getParentSpanId()).isEqualTo(failed.getSpanId());
        assertThat(second.getParentSpanId()).isEqualTo(timer.getSpanId());
        SpanData succeeded = one(all, "sluice.apply taskSucceeded");
        assertThat(succeeded.getParentSpanId()).isEqualTo(second.getSpanId());
        assertThat(succeeded.getAttributes().get(SpanNames.STATUS)).isEqualTo("SUCCEEDED");

        assertThat(one(all, "sluice.state Load").getParentSpanId()).isEqualTo(start.getSpanId());
        assertThat(one(all, "sluice.state Done").getParentSpanId()).isEqualTo(succeeded.getSpanId());

        assertThat(all).as("no payload, input or cause in any attribute").allSatisfy(s -> s.getAttributes().forEach((k, v) ->
                assertThat(String.valueOf(v)).doesNotContain(SECRET).doesNotContain(".1.1.0.")));
    }

    /** W3C Trace Context's example value (https://www.w3.org/TR/trace-context/#examples-of-http-traceparent-headers). */
    static final String CALLER = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    @Test
    void aStartForACallerWithATraceparentIsAChildOfTheCallersSpanAndAnInvalidOneIsIgnored() {
        traced();
        try (CallerTrace.Scope scope = CallerTrace.open(CALLER)) {
            runtime.orchestrator().start("orders", "called", DefinitionParser.parse(Json.parse(LEAF)), Json.object());
        }
        try (CallerTrace.Scope scope = CallerTrace.open("00-not-a-trace")) {
            runtime.orchestrator().start("orders", "garbled", DefinitionParser.parse(Json.parse(LEAF)), Json.object());
        }
        runtime.orchestrator().start("orders", "after", DefinitionParser.parse(Json.parse(LEAF)), Json.object());

        List<SpanData> starts = named(spans.getFinishedSpanItems(), "sluice.start");
        SpanData called = starts.get(0);
        assertThat(called.getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
        assertThat(called.getParentSpanId()).isEqualTo("b7ad6b7169203331");
        assertThat(starts.get(1).getParentSpanContext().isValid()).as("an invalid traceparent is read as none").isFalse();
        assertThat(starts.get(2).getParentSpanContext().isValid()).as("the scope closed: the next start is a root").isFalse();
        assertThat(CallerTrace.current()).isNull();
    }

    @Test
    void aChildExecutionIsInItsParentsTraceUnderTheTaskThatStartedIt() {
        traced().orchestrator().start("parent", "run-1", DefinitionParser.parse(Json.parse(CHILD)), Json.object());
        pump();

        List<SpanData> all = spans.getFinishedSpanItems();
        SpanData parentStart = all.stream().filter(s -> s.getName().equals("sluice.start")
                && "parent:run-1".equals(s.getAttributes().get(SpanNames.EXECUTION))).findFirst().orElseThrow();
        SpanData spawn = one(all, "sluice.task spawn");
        SpanData childStart = all.stream().filter(s -> s.getName().equals("sluice.start")
                && "leaf:child-1".equals(s.getAttributes().get(SpanNames.EXECUTION))).findFirst().orElseThrow();
        assertThat(childStart.getTraceId()).isEqualTo(parentStart.getTraceId());
        assertThat(childStart.getParentSpanId()).isEqualTo(spawn.getSpanId());
        assertThat(one(all, "sluice.state Leaf").getParentSpanId()).isEqualTo(childStart.getSpanId());
    }

    @Test
    void aMessageWithoutATraceparentIsAppliedInItsExecutionsTrace() {
        traced().orchestrator().start("orders", "run-2", DefinitionParser.parse(Json.parse(RETRIED)), Json.object());
        // A stop from an API that carries no traceparent: the execution's trace, under its start span.
        runtime.orchestrator().handle(MessageCodec.decode(MessageCodec.encode(new OrchestratorMessage.Stop("orders:run-2", "Op.Stop", "by hand"))));

        List<SpanData> all = spans.getFinishedSpanItems();
        SpanData start = one(all, "sluice.start");
        SpanData stop = one(all, "sluice.apply stop");
        assertThat(stop.getTraceId()).isEqualTo(start.getTraceId());
        assertThat(stop.getParentSpanId()).isEqualTo(start.getSpanId());
        assertThat(stop.getAttributes().get(SpanNames.STATUS)).isEqualTo("ABORTED");
    }

    @Test
    void withoutOtelVariablesTracingIsOffAndTheObserverIsTheMetricsOneItself() {
        assertThat(ProcessTracing.enabled(Map.<String, String>of()::get)).isFalse();
        SluiceRuntime plain = RuntimeBuilder.on(ports, NAMES, clock).build();
        assertThat(plain.observer()).isSameAs(RuntimeObserver.NONE);
    }

    @Test
    void theStandardVariablesTurnTracingOn() {
        assertThat(ProcessTracing.enabled(Map.of("OTEL_TRACES_EXPORTER", "otlp")::get)).isTrue();
        assertThat(ProcessTracing.enabled(Map.of("OTEL_TRACES_EXPORTER", "none", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")::get))
                .isFalse();
        assertThat(ProcessTracing.enabled(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")::get)).isTrue();
        assertThat(ProcessTracing.enabled(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://127.0.0.1:4318/v1/traces")::get)).isTrue();
        assertThat(ProcessTracing.enabled(Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_SDK_DISABLED", "true")::get)).isFalse();
    }

    private static SpanData one(List<SpanData> all, String name) {
        List<SpanData> found = named(all, name);
        assertThat(found).as(name + " in " + all.stream().map(SpanData::getName).collect(Collectors.toList())).hasSize(1);
        return found.getFirst();
    }

    private static List<SpanData> named(List<SpanData> all, String name) {
        return all.stream().filter(s -> s.getName().equals(name)).sorted(java.util.Comparator.comparing(SpanData::getStartEpochNanos)).toList();
    }

}
