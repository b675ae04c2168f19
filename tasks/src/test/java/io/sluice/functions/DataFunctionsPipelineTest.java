package io.sluice.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.task.config.ReadConfig;
import io.sluice.functions.task.status.WriteStatus;
import io.sluice.functions.task.warehouse.CopyToWarehouse;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemorySecretResolver;
import io.sluice.testkit.fake.InMemoryStatusStore;
import io.sluice.testkit.fake.InMemoryWarehouse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** read-config, copy-to-warehouse and write-status in an ingestion-shaped definition, run by the durable loop. */
class DataFunctionsPipelineTest {
    static final Definition INGEST = DefinitionParser.parse(Json.parse("""
            {"StartAt": "ReadConfig", "States": {
              "ReadConfig": {"Type": "Task", "Resource": "sluice:function:read-config", "Parameters": {"name.$": "$.pipeline"},
                             "ResultPath": "$.config", "Next": "Running"},
              "Running": {"Type": "Task", "Resource": "sluice:function:write-status", "ResultPath": null, "Next": "Copy",
                          "Parameters": {"executionId.$": "$$.Execution.Id", "pipeline.$": "$.pipeline", "partition.$": "$.partition",
                                         "state": "RUNNING", "started.$": "$$.Execution.StartTime", "configHash.$": "$.config.configHash"}},
              "Copy": {"Type": "Task", "Resource": "sluice:function:copy-to-warehouse", "ResultPath": "$.copy", "Next": "Succeeded",
                       "Parameters": {"table.$": "$.config.config.table", "batchId.$": "States.Format('{}/{}', $$.StateMachine.Name, $.partition)", "source.$": "$.source"},
                       "Catch": [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.error", "Next": "Failed"}]},
              "Succeeded": {"Type": "Task", "Resource": "sluice:function:write-status", "End": true,
                            "Parameters": {"executionId.$": "$$.Execution.Id", "pipeline.$": "$.pipeline", "state": "SUCCEEDED",
                                           "rowsOut.$": "$.copy.rows"}},
              "Failed": {"Type": "Task", "Resource": "sluice:function:write-status", "ResultPath": null, "Next": "Fail",
                         "Parameters": {"executionId.$": "$$.Execution.Id", "pipeline.$": "$.pipeline", "state": "FAILED",
                                        "error.$": "$.error"}},
              "Fail": {"Type": "Fail", "Error": "Ingest.Failed"}}}"""));

    final InMemoryObjectStore objects = new InMemoryObjectStore();
    final InMemoryWarehouse warehouse = new InMemoryWarehouse(objects::get);
    final InMemoryStatusStore status = new InMemoryStatusStore();
    final Pump pump;

    DataFunctionsPipelineTest() {
        InMemoryConfigStore configs = new InMemoryConfigStore()
                .put("orders.json", "{\"table\": \"orders\", \"password\": {\"secret\": \"wh\"}}")
                .put("orders.schema.json", "{\"required\": [\"table\", \"password\"]}");
        Clock clock = Clock.systemUTC();
        pump = new Pump(TaskFunctions.of(Map.of(
                ReadConfig.NAME, new ReadConfig(configs, new InMemorySecretResolver().put("wh", "pw")),
                CopyToWarehouse.NAME, new CopyToWarehouse(warehouse, clock),
                WriteStatus.NAME, new WriteStatus(status, clock))),
                Set.of(ReadConfig.NAME, CopyToWarehouse.NAME, WriteStatus.NAME));
        warehouse.createTable("orders", List.of("id", "amount"), Set.of("amount"));
    }

    private StatusRecord run(String name, String csv) {
        objects.put("enriched/" + name + ".csv", csv.getBytes(StandardCharsets.UTF_8));
        String id = pump.orchestrator.start("orders", name, INGEST, Json.parse(
                "{\"pipeline\": \"orders\", \"partition\": \"2026-11-29\", \"source\": \"enriched/" + name + ".csv\"}"))
                .execution().executionId();
        await().atMost(Duration.ofSeconds(20)).until(() -> pump.once() >= 0
                && !pump.store.load(id).orElseThrow().summary().status().equals("RUNNING"));
        return status.get(id).orElseThrow();
    }

    @Test
    void aGoodBatchIsLoadedAndItsRunRecordedWithTheConfigHash() {
        StatusRecord row = run("good", "id,amount\n1,10\n2,20\n");
        assertThat(row.state()).isEqualTo(RunState.SUCCEEDED);
        assertThat(row.rowsOut()).isEqualTo(2);
        assertThat(row.partition()).isEqualTo("2026-11-29");
        assertThat(row.started()).isNotNull();
        assertThat(row.ended()).isNotNull();
        assertThat(row.configHash()).startsWith("sha256:");
        assertThat(warehouse.rows("orders")).hasSize(2);
    }

    @Test
    void aBatchThatDoesNotFitFailsTheRunWithTheMismatchInItsStatus() {
        StatusRecord row = run("odd", "id,colour\n1,red\n");
        assertThat(row.state()).isEqualTo(RunState.FAILED);
        assertThat(row.error()).startsWith("Warehouse.SchemaMismatch: ").contains("[amount]").contains("[colour]");
        assertThat(warehouse.rows("orders")).isEmpty();
    }
}
