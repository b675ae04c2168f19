package io.sluice.tests.tracing;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One process of {@link MultiProcessTraceTest}, traced as the {@code OTEL_*} variables its parent gives it say (the
 * runtime's own composition reads them). {@code orchestrator}: the local runtime with no task functions (the orchestrator
 * queue and the tick). {@code worker}: only a worker harness on the {@code echo} and {@code spawn} queues, whose
 * {@code spawn} starts a child execution from inside its task, as the executions function does.
 *
 * <p>Arguments: (orchestrator | worker) redisUrl keyPrefix queuePrefix
 */
public final class TracingNode {
    static final String CHILD = """
            {"StartAt": "Leaf", "States": {"Leaf": {"Type": "Pass", "End": true}}}""";

    private TracingNode() {}

    public static void main(String[] args) throws Exception {
        RedisAdapters redis = RedisAdapters.open(SluiceRedisProperties.of(args[1]).withKeyPrefix(args[2]));
        RedisTaskQueue queue = new RedisTaskQueue(redis.redisson(), args[2], 10);
        RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(), redis.definitionStore());
        QueueNames names = new QueueNames(args[3]);
        Clock clock = Clock.systemUTC();
        if (args[0].equals("orchestrator")) {
            LocalRuntime.Settings settings = new LocalRuntime.Settings(names, Duration.ofSeconds(10), Duration.ofSeconds(10), 4,
                    Duration.ofMillis(200), Duration.ofSeconds(3), Boundary.Probe.NONE);
            new LocalRuntime(ports, TaskFunctions.of(Map.of()), List.of(), settings, clock);
            System.out.println("orchestrator ready");
            Thread.currentThread().join();
        }
        SluiceRuntime runtime = RuntimeBuilder.on(ports, names, clock).worker(Tenancy.SINGLE.owners(), "tracing-worker", Duration.ofSeconds(10))
                .build();
        WorkerHarness harness = runtime.worker(TaskFunctions.of(Map.<String, Function<JsonNode, JsonNode>>of(
                "echo", in -> in,
                "spawn", in -> {
                    runtime.orchestrator().start("leaf", "child-of-" + in.path("run").asText(), DefinitionParser.parse(Json.parse(CHILD)),
                            Json.object());
                    return in;
                })));
        System.out.println("worker ready");
        while (true) {
            for (String function : List.of("echo", "spawn")) {
                String from = names.tasks(function);
                for (ReceivedMessage m : queue.receive(from, 10, Duration.ofSeconds(10), Duration.ofMillis(200))) {
                    // As the local host's consumer does: the receive claimed the task for this delivery, its ack may go with the result.
                    CoupledWrites.Acknowledgement ack = new CoupledWrites.Acknowledgement(from, m.receipt());
                    if (harness.handle(m.body(), from, ack, m.readAlong()) != WorkerHarness.Disposition.RETRY_LATER && !ack.done()) {
                        queue.acknowledge(from, m.receipt());
                    }
                }
            }
        }
    }
}
