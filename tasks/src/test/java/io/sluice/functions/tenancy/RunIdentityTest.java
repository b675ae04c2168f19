package io.sluice.functions.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.config.ReadConfig;
import io.sluice.functions.task.export.ExportTargets;
import io.sluice.functions.task.export.PushExport;
import io.sluice.functions.task.status.WriteStatus;
import io.sluice.functions.task.warehouse.CopyToWarehouse;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.testkit.fake.InMemoryExportLedger;
import io.sluice.testkit.fake.InMemoryExporter;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemorySecretResolver;
import io.sluice.testkit.fake.InMemoryStatusStore;
import io.sluice.testkit.fake.InMemoryWarehouse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Two tenants, a and b: whatever a run of tenant a's pipeline puts in its payload, every function acts
 * as that pipeline — its config, its secrets, its status row, its warehouse batch — never as b's.
 * (Issue 9, finding 1: the caller chose the pipeline through {@code $$.Execution.Input.pipeline}.)
 */
class RunIdentityTest {
    static final Tenancy TENANTS = pipeline -> pipeline.startsWith("a-") ? Optional.of("a")
            : pipeline.startsWith("b-") ? Optional.of("b") : Optional.empty();
    static final TaskContext A_RUN = new TaskContext("a-export:run.0.1.0", "a-export:run", "Push", IntegrationPattern.REQUEST_RESPONSE, null,
            TENANTS.owners().ofExecution("a-export:run"));

    final InMemoryConfigStore configs = new InMemoryConfigStore()
            .put("a-export.json", """
                    {"pipeline": "a-export", "token": {"secret": "partner"},
                     "targets": [{"name": "partner", "kind": "http", "endpoint": "https://partner.example/in", "source": "exports/a/",
                                  "credentials": {"secret": "partner"}}]}""")
            .put("a-export.schema.json", "{}")
            .put("b-export.json", "{\"pipeline\": \"b-export\", \"token\": {\"secret\": \"partner\"}}")
            .put("b-export.schema.json", "{}");
    final InMemorySecretResolver secrets = new InMemorySecretResolver().put("a/partner", "A-SECRET-111").put("b/partner", "B-SECRET-222")
            .put("partner", "PLATFORM-SECRET-333");
    final ReadConfig readConfig = new ReadConfig(configs, secrets, TENANTS, null);

    @Test
    void readConfigReadsTheRunsOwnPipelineWhateverTheInputNames() {
        JsonNode own = readConfig.apply(Json.object(), A_RUN);
        assertThat(own.path("name").asText()).isEqualTo("a-export");

        TaskError named = catchThrowableOfType(TaskError.class, () -> readConfig.apply(Json.parse("{\"pipeline\": \"b-export\"}"), A_RUN));
        assertThat(named.errorName()).isEqualTo(TaskContext.WRONG_PIPELINE);
        assertThat(named.getMessage()).contains("'a-export'").contains("'b-export'");

        TaskError foreign = catchThrowableOfType(TaskError.class, () -> readConfig.apply(Json.parse("{\"name\": \"b-export\"}"), A_RUN));
        assertThat(foreign.errorName()).isEqualTo("Config.NotFound");
        assertThat(foreign.getMessage()).doesNotContain("B-SECRET");
    }

    @Test
    void aTenantsSecretReferenceResolvesInItsOwnFolderAndItsValueNeverLeavesTheFunctionThatUsesIt() {
        JsonNode out = readConfig.apply(Json.object(), A_RUN);
        assertThat(out.at("/config/token")).isEqualTo(Json.parse("{\"secret\": \"partner\"}"));
        assertThat(Json.write(out)).doesNotContain("SECRET");

        InMemoryObjectStore objects = new InMemoryObjectStore();
        objects.put("tenants/a/exports/a/2026-01-02.csv", "id\n1\n".getBytes(StandardCharsets.UTF_8)); // a's namespace
        List<String> credentialsUsed = new ArrayList<>();
        InMemoryExporter exporter = new InMemoryExporter();
        ExportTargets described = target -> {
            credentialsUsed.add(target.credentials());
            return exporter;
        };
        PushExport push = new PushExport(Map.of(), described, configs, objects, new InMemoryExportLedger(), Clock.systemUTC(),
                new ScopedSecrets(secrets));
        JsonNode pushed = push.apply(Json.parse("""
                {"Target": "partner", "BatchId": "a-export:run/partner", "Key": "exports/a/2026-01-02.csv"}"""), A_RUN);
        assertThat(credentialsUsed).containsExactly("A-SECRET-111");
        assertThat(Json.write(pushed)).doesNotContain("SECRET");
        assertThat(exporter.deliveries()).hasSize(1);

        // The input picks a target by name; where it is and how to sign in to it are the config's, never the input's.
        TaskError described2 = catchThrowableOfType(TaskError.class, () -> push.apply(Json.parse("""
                {"Target": {"name": "partner", "kind": "http", "endpoint": "http://127.0.0.1:1/in", "credentials": {"secret": "../b/partner"}},
                 "BatchId": "a-export:run/partner2", "Key": "exports/a/2026-01-02.csv"}"""), A_RUN));
        assertThat(described2.errorName()).isEqualTo(PushExport.INVALID_INPUT);
        assertThat(described2.getMessage()).contains("\"endpoint\"").contains("config");
        assertThat(credentialsUsed).containsExactly("A-SECRET-111");
    }

    @Test
    void pushExportRefusesABatchOfAnotherPipeline() {
        PushExport push = new PushExport(Map.of("partner", new InMemoryExporter()), new InMemoryObjectStore(), new InMemoryExportLedger(),
                Clock.systemUTC());
        TaskError e = catchThrowableOfType(TaskError.class, () -> push.apply(Json.parse("""
                {"Target": "partner", "BatchId": "b-export:run/partner", "Key": "exports/b/2026-01-02.csv"}"""), A_RUN));
        assertThat(e.errorName()).isEqualTo(TaskContext.WRONG_PIPELINE);
    }

    @Test
    void writeStatusWritesOnlyTheRunsOwnRow() {
        InMemoryStatusStore rows = new InMemoryStatusStore();
        WriteStatus write = new WriteStatus(rows, Clock.systemUTC());
        JsonNode written = write.apply(Json.parse("{\"state\": \"RUNNING\", \"partition\": \"2026-01-02\"}"), A_RUN);
        assertThat(written.path("pipeline").asText()).isEqualTo("a-export");
        assertThat(written.path("executionId").asText()).isEqualTo("a-export:run");

        TaskError pipeline = catchThrowableOfType(TaskError.class, () -> write.apply(Json.parse(
                "{\"state\": \"SUCCEEDED\", \"pipeline\": \"b-export\"}"), A_RUN));
        assertThat(pipeline.errorName()).isEqualTo(TaskContext.WRONG_PIPELINE);
        TaskError execution = catchThrowableOfType(TaskError.class, () -> write.apply(Json.parse(
                "{\"state\": \"SUCCEEDED\", \"executionId\": \"b-export:run\"}"), A_RUN));
        assertThat(execution.errorName()).isEqualTo(TaskContext.WRONG_PIPELINE);
        assertThat(rows.get("b-export:run")).isEmpty();
    }

    @Test
    void copyToWarehouseLoadsOnlyTheRunsOwnBatches() {
        InMemoryObjectStore objects = new InMemoryObjectStore();
        objects.put("enriched/b.csv", "id\n1\n".getBytes(StandardCharsets.UTF_8));
        InMemoryWarehouse warehouse = new InMemoryWarehouse(objects::get);
        warehouse.createTable("sales", List.of("id"), java.util.Set.of("id"));
        CopyToWarehouse copy = new CopyToWarehouse(warehouse, Clock.systemUTC());
        TaskError e = catchThrowableOfType(TaskError.class, () -> copy.apply(Json.parse(
                "{\"table\": \"sales\", \"batchId\": \"b-ingest/2026-01-02\", \"source\": \"enriched/b.csv\"}"), A_RUN));
        assertThat(e.errorName()).isEqualTo(TaskContext.WRONG_PIPELINE);
        assertThat(warehouse.rows("sales")).isEmpty();
    }
}
