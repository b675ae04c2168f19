package io.sluice.functions;

import io.sluice.functions.tenancy.Owner;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.testkit.fake.InMemoryJobLauncher;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** glue-launch .sync through the worker harness and the orchestrator, on the in-memory launcher. */
class GlueLaunchTest {
    static final Definition DEFINITION = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Enrich", "States": {
              "Enrich": {"Type": "Task", "Resource": "sluice:function:glue-launch.sync",
                         "Parameters": {"JobName.$": "$.job", "Arguments": {"--input": "raw/x.csv"}},
                         "Catch": [{"ErrorEquals": ["Glue.JobFailed"], "ResultPath": "$.failure", "Next": "Failed"}],
                         "ResultPath": "$.run", "End": true},
              "Failed": {"Type": "Pass", "End": true}}}"""));

    final InMemoryJobLauncher launcher;
    final List<Map<String, String>> seenArguments = new java.util.concurrent.CopyOnWriteArrayList<>();
    final Map<String, Function<JsonNode, JsonNode>> functions = new HashMap<>();
    final Pump pump = new Pump(name -> Optional.ofNullable(functions.get(name)), Set.of("glue-launch"));

    GlueLaunchTest() {
        JobCompletions completions = new JobCompletions();
        launcher = new InMemoryJobLauncher(Map.of("enrich", args -> null, "broken", args -> "Parser Error: syntax error at \"SELEC\"",
                "echo", args -> {
                    seenArguments.add(args);
                    return null;
                }), completions, Clock.systemUTC());
        functions.put("glue-launch", new GlueLaunch(launcher, completions,
                new Backoff(Duration.ofMillis(50), 2.0, Duration.ofSeconds(1), 0), Clock.systemUTC()));
    }

    JsonNode runToEnd(String name, String job) {
        pump.orchestrator.start("ingest", name, DEFINITION, Json.parse("{\"job\": \"" + job + "\"}"));
        while (pump.once() > 0) {
            // until quiet
        }
        assertThat(pump.store.load("ingest:" + name).orElseThrow().summary().status()).isEqualTo("SUCCEEDED");
        return ExecutionCodec.decode(Json.parse(pump.store.load("ingest:" + name).orElseThrow().state())).output();
    }

    @Test
    void theStateGetsTheEndedRun() {
        JsonNode out = runToEnd("d1", "enrich");
        assertThat(out.at("/run/JobRunState").asText()).isEqualTo("SUCCEEDED");
        assertThat(out.at("/run/Id").asText()).startsWith("jr_mem_");
        assertThat(launcher.runsStarted()).isEqualTo(1);
    }

    @Test
    void aFailedRunIsCaughtAsGlueJobFailedWithTheEngineError() {
        JsonNode out = runToEnd("d2", "broken");
        assertThat(out.at("/failure/Error").asText()).isEqualTo(GlueLaunch.JOB_FAILED);
        assertThat(out.at("/failure/Cause").asText()).contains("syntax error");
    }

    @Test
    void aRedeliveredTaskMessageStartsNoSecondRun() {
        pump.orchestrator.start("ingest", "d3", DEFINITION, Json.parse("{\"job\": \"enrich\"}"));
        var dispatched = pump.peekTasks("glue-launch").getFirst();
        while (pump.once() > 0) {
            // until quiet
        }
        pump.queue.send(pump.names.tasks("glue-launch"), OutgoingMessage.of(dispatched.body()), Duration.ZERO);
        while (pump.once() > 0) {
            // the copy is replayed from the stored result
        }
        assertThat(launcher.runsStarted()).isEqualTo(1);
    }

    @Test
    void theSameTaskCalledTwiceFindsItsRun() {
        GlueLaunch glue = (GlueLaunch) functions.get("glue-launch");
        TaskContext task = new TaskContext("ingest:d4.0.1.0", "ingest:d4", "Enrich", IntegrationPattern.SYNC, null, new Owner.Platform("ingest", "ingest:d4"));
        JsonNode input = Json.parse("{\"JobName\": \"enrich\"}");
        String first = glue.apply(input, task).get("Id").asText();
        String second = glue.apply(input, task).get("Id").asText();
        assertThat(second).isEqualTo(first);
        assertThat(launcher.runsStarted()).isEqualTo(1);
    }

    @Test
    void theRunsContextReachesTheJobAsArgumentsUnlessAnArgumentSetsThem() {
        GlueLaunch glue = (GlueLaunch) functions.get("glue-launch");
        TaskContext task = new TaskContext("orders:d5.0.1.0", "orders:d5", "Raw", IntegrationPattern.REQUEST_RESPONSE, null,
                new Owner.Platform("orders", "orders:d5"));
        glue.apply(Json.parse("""
                {"JobName": "echo", "Arguments": {"--source": "landing/orders/", "--partition": "2026-11-28", "--pipeline": "other"},
                 "pipeline": "orders", "partition": "2026-11-29", "step": "raw", "attempt": 2, "object": {"key": "x"}}"""), task);
        // A request-response launch returns once the run is started; the job itself runs on its own thread.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> !seenArguments.isEmpty());
        // The pipeline is the runtime's: an argument cannot change it.
        assertThat(seenArguments).containsExactly(Map.of("source", "landing/orders/", "partition", "2026-11-28", "pipeline", "orders",
                "step", "raw"));
    }

    @Test
    void aRunCannotLaunchAJobAsAnotherPipeline() {
        GlueLaunch glue = (GlueLaunch) functions.get("glue-launch");
        TaskContext task = new TaskContext("ingest:d6.0.1.0", "ingest:d6", "Raw", IntegrationPattern.REQUEST_RESPONSE, null,
                new Owner.Platform("ingest", "ingest:d6"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> glue.apply(Json.parse("""
                {"JobName": "echo", "Arguments": {}, "pipeline": "orders"}"""), task))
                .isInstanceOfSatisfying(io.sluice.functions.harness.TaskError.class,
                        e -> assertThat(e.errorName()).isEqualTo(TaskContext.WRONG_PIPELINE));
        assertThat(launcher.runsStarted()).isZero();
    }
}
