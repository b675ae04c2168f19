package io.sluice.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.Event;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.engine.Transition;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of the interpreter alone: no store, no queue, no I/O. The two express benchmarks
 * declare how many states one run enters with {@link OperationsPerInvocation}, so JMH's
 * {@code ops/s} for them reads as <em>transitions per second</em>; {@link #setUp()} checks that
 * count, and that each run succeeds, before anything is measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class InterpreterBenchmark {
    /** States the order enters: Normalize, RouteByAmount, EuRoute, Prioritize, Expedite, Summarize, Done. */
    static final int ORDER_TRANSITIONS = 7;
    static final int MAP_ITEMS = 1_000;
    /** The Map state, then Tag, Classify and one of BulkLine/SingleLine per item. */
    static final int MAP_TRANSITIONS = 1 + 3 * MAP_ITEMS;

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final TaskInvoker NO_TASKS = task -> {
        throw new IllegalStateException("these machines have no Task state, yet " + task.stateName() + " was dispatched");
    };

    private ExpressRunner orderRunner;
    private JsonNode orderInput;
    private ExpressRunner orderJsonataRunner;
    private ExpressRunner mapRunner;
    private JsonNode mapInput;
    private Interpreter taskInterpreter;
    private JsonNode taskInput;
    private JsonNode taskOutput;

    @Setup
    public void setUp() {
        orderRunner = new ExpressRunner(load("order-routing.asl.json"), NO_TASKS);
        orderInput = Json.parse("""
                {"orderId": "o-20260101-0042", "customer": {"id": "c-1187", "tier": "gold"},
                 "amount": 1250.50, "currency": "EUR", "region": "eu-west-1", "priority": true,
                 "items": [{"sku": "KB-101", "qty": 2, "price": 49.90}, {"sku": "MS-220", "qty": 1, "price": 24.50}]}
                """);
        orderJsonataRunner = new ExpressRunner(load("order-routing-jsonata.asl.json"), NO_TASKS);
        mapRunner = new ExpressRunner(load("map-items.asl.json"), NO_TASKS);
        mapInput = mapInput();
        taskInterpreter = new Interpreter(load("one-task.asl.json"), false);
        taskInput = Json.parse("{\"orderId\": \"o-20260101-0042\", \"amount\": 1250.50}");
        // What the worker harness reports for a lambda:invoke task: the function's result in Lambda's response.
        taskOutput = io.sluice.orchestration.integration.LambdaInvoke.response(Json.parse("{\"chargeId\": \"ch_3PQ9\"}"));

        check("orderRouting", orderRouting(), ORDER_TRANSITIONS);
        check("orderRoutingJsonata", orderRoutingJsonata(), ORDER_TRANSITIONS);
        if (!orderRoutingJsonata().output().equals(orderRouting().output())) {
            throw new IllegalStateException("the JSONata order routing gives " + orderRoutingJsonata().output()
                    + ", not what the JSONPath one gives: " + orderRouting().output());
        }
        check("map1000", map1000(), MAP_TRANSITIONS);
        Transition done = taskRoundTrip();
        if (done.execution().status() != ExecutionStatus.SUCCEEDED
                || !"ch_3PQ9".equals(done.execution().output().path("charge").path("chargeId").asText())) {
            throw new IllegalStateException("taskRoundTrip did not succeed: " + done.execution().status() + " " + done.execution().cause());
        }
    }

    /** (a) A 10-state Pass/Choice machine run to completion; score = transitions/s. */
    @Benchmark
    @OperationsPerInvocation(ORDER_TRANSITIONS)
    public ExpressResult orderRouting() {
        return orderRunner.run("bench-order", "order", orderInput, T0, RandomSource.seeded(1));
    }

    /**
     * (a') The same machine written in JSONata (Output, Condition, one Assign and a variable read):
     * same states, same output; score = transitions/s, beside {@link #orderRouting()}.
     */
    @Benchmark
    @OperationsPerInvocation(ORDER_TRANSITIONS)
    public ExpressResult orderRoutingJsonata() {
        return orderJsonataRunner.run("bench-order", "order", orderInput, T0, RandomSource.seeded(1));
    }

    /** (b) A Map over 1,000 items with a 3-state Pass/Choice processor; score = transitions/s. */
    @Benchmark
    @OperationsPerInvocation(MAP_TRANSITIONS)
    public ExpressResult map1000() {
        return mapRunner.run("bench-map", "map", mapInput, T0, RandomSource.seeded(1));
    }

    /**
     * (c) One Task state through the durable path: {@code start} (enters the state, emits
     * DispatchTask), then {@code apply} its result. Score = round trips/s (two interpreter calls each).
     */
    @Benchmark
    public Transition taskRoundTrip() {
        Transition started = taskInterpreter.start("bench-task", "task", taskInput, T0, RandomSource.seeded(1));
        Command.DispatchTask dispatch = (Command.DispatchTask) started.commands().getFirst();
        return taskInterpreter.apply(started.execution(), new Event.TaskSucceeded(dispatch.token().encode(), taskOutput),
                T0, RandomSource.seeded(2));
    }

    private static void check(String benchmark, ExpressResult result, int transitions) {
        if (!result.succeeded()) {
            throw new IllegalStateException(benchmark + " did not succeed: " + result.status() + " " + result.error() + " " + result.cause());
        }
        if (result.transitions() != transitions) {
            throw new IllegalStateException(benchmark + " entered " + result.transitions() + " states, but @OperationsPerInvocation says "
                    + transitions + "; the transitions/s figure would be wrong");
        }
    }

    private static JsonNode mapInput() {
        ObjectNode input = Json.object();
        input.put("orderId", "o-20260101-0042");
        ArrayNode items = input.putArray("items");
        for (int i = 0; i < MAP_ITEMS; i++) {
            ObjectNode line = items.addObject();
            line.put("sku", "SKU-" + i);
            line.put("qty", i % 20);
            line.put("price", 1 + (i % 97) * 0.5);
        }
        return input;
    }

    static Definition load(String name) {
        try (InputStream in = InterpreterBenchmark.class.getResourceAsStream("/machines/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no machine " + name + " on the class path");
            }
            return DefinitionParser.parse(Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
