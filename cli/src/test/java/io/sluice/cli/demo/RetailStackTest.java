package io.sluice.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.task.dependency.DependencyCheck;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.StartResult;
import io.sluice.api.port.ExecutionControl;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.redis.RedisAdapters;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.redisson.api.RedissonClient;

/**
 * The retail example on the local app's wiring, in this JVM: the stack the demo runs (Spring app with
 * the six functions, completion listener and alerts; the partner's servers), on a PostgreSQL database
 * and Redis key prefix of the test's own, with a small sample.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RetailStackTest {
    static final Path EXAMPLE = Path.of("../examples/retail").toAbsolutePath().normalize();
    static final LocalDate DAY = LocalDate.of(2026, 11, 29);
    static final RetailData.Size SIZE = new RetailData.Size(500, 60, 40);

    static TestDatabase db;
    static DemoWorkspace ws;
    static DemoStack stack;

    @BeforeAll
    static void start() throws Exception {
        db = PostgresTestServer.shared().createDatabase("retail-stack");
        ws = DemoWorkspace.create(Files.createTempDirectory("retail-stack-"));
        stack = DemoStack.start(ws, new DemoStack.Settings(EXAMPLE, DAY, 7, SIZE, db.jdbcUrl(), RedisTestServer.shared().url()), 0, s -> { });
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
        db.close();
        ws.delete();
    }

    @Test
    @Order(1)
    void theTaskFunctionsAreWiredAsThemselvesAndThePatternPipelinesLoad() {
        assertThat(stack.app().getBean("glue-launch")).isInstanceOf(GlueLaunch.class).isInstanceOf(TaskAware.class);
        assertThat(stack.app().getBean("dependency-check")).isInstanceOf(DependencyCheck.class);
        assertThat(stack.app().getBeansOfType(Function.class).keySet()).contains("read-config", "glue-launch",
                "copy-to-warehouse", "push-export", "write-status", "dependency-check");
        PipelineCatalog catalog = stack.app().getBean(PipelineCatalog.class);
        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.pipelines()).extracting(PipelineCatalog.Pipeline::id).containsExactly("customers", "daily-sales", "orders", "returns");
    }

    @Test
    @Order(2)
    void theExamplesPipelinesRunToTheirEndsWithOneFailureOneAlertAndTwoExports() {
        ExecutionControl executions = stack.app().getBean(ExecutionControl.class);
        PipelineCatalog catalog = stack.app().getBean(PipelineCatalog.class);
        Map<String, String> ids = new LinkedHashMap<>();
        for (String p : List.of("daily-sales", "orders", "customers", "returns")) {
            var found = (PipelineCatalog.Lookup.Found) catalog.find(p);
            String name = "t-" + stack.run();
            assertThat(executions.start(found.pipeline().id(), name, Json.object().put("pipeline", p).put("partition", DAY.toString())))
                    .isInstanceOf(StartResult.Started.class);
            ids.put(p, Orchestrator.executionId(p, name));
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> ids.values().stream()
                .noneMatch(id -> executions.summary(id).orElseThrow().status().equals("RUNNING")));
        Map<String, String> statuses = new LinkedHashMap<>();
        ids.forEach((p, id) -> statuses.put(p, executions.summary(id).orElseThrow().status()));
        assertThat(statuses).isEqualTo(Map.of("daily-sales", "SUCCEEDED", "orders", "SUCCEEDED", "customers", "SUCCEEDED",
                "returns", "FAILED"));

        DemoResults results = new DemoResults(ws, stack);
        assertThat(results.warehouseRows()).isEqualTo(Map.of("retail.orders", 500L, "retail.customers", 60L, "retail.returns", 0L));
        assertThat(results.exports()).hasSize(2);
        await().atMost(Duration.ofSeconds(10)).until(() -> !stack.receiver().alerts().isEmpty());
        assertThat(stack.receiver().alerts()).singleElement().satisfies(a -> assertThat(a.get("title").asText())
                .contains("'returns'", "FAILED: Glue.JobFailed"));

        List<StatusRecord> rows = stack.app().getBean(PostgresStatusStore.class).list(null, DAY.toString(), 10);
        assertThat(rows).extracting(StatusRecord::pipeline, StatusRecord::state).containsExactlyInAnyOrder(
                tuple("orders", RunState.SUCCEEDED), tuple("customers", RunState.SUCCEEDED),
                tuple("daily-sales", RunState.SUCCEEDED), tuple("returns", RunState.FAILED));
        StatusRecord orders = rows.stream().filter(r -> r.pipeline().equals("orders")).findFirst().orElseThrow();
        assertThat(orders.rowsOut()).isEqualTo(500);
        assertThat(orders.configHash()).startsWith("sha256:");
        StatusRecord returns = rows.stream().filter(r -> r.pipeline().equals("returns")).findFirst().orElseThrow();
        assertThat(returns.error()).startsWith("Glue.JobFailed: ").contains("CSV Error on Line: " + stack.written().badReturnsLine(),
                "Expected Number of Columns: 5 Found: 6");
    }

    /**
     * Issue 9, finding 4: the export used two secrets (the partner's API token and SFTP password); their
     * values must be nowhere but where they were used — not in Redis (execution state, history, outbox,
     * stored task results), the status table, the alerts or the runtime's files.
     */
    @Test
    @Order(3)
    void theSecretsTheExportUsedAreInNoStateHistoryStatusAlertOrFile() throws Exception {
        List<String> values = new java.util.ArrayList<>();
        try (var files = Files.list(ws.secrets())) {
            for (Path f : files.toList()) {
                values.add(Files.readString(f).strip());
            }
        }
        assertThat(values).hasSize(2).allSatisfy(v -> assertThat(v).hasSizeGreaterThan(16));

        StringBuilder everything = new StringBuilder();
        RedissonClient redis = RedisAdapters.client(RedisTestServer.shared().url());
        try {
            var script = redis.getScript(org.redisson.client.codec.StringCodec.INSTANCE);
            for (String key : redis.getKeys().getKeysByPattern(DemoStack.keyPrefix(stack.run()) + ":*")) {
                everything.append(key).append('\n').append((String) script.eval(org.redisson.api.RScript.Mode.READ_ONLY, DUMP_VALUES,
                        org.redisson.api.RScript.ReturnType.VALUE, List.of(key))).append('\n');
            }
        } finally {
            redis.shutdown();
        }
        stack.app().getBean(PostgresStatusStore.class).list(null, DAY.toString(), 10).forEach(r -> everything.append(r).append('\n'));
        stack.receiver().alerts().forEach(a -> everything.append(a).append('\n'));
        try (var walk = Files.walk(ws.root())) {
            for (Path f : walk.filter(Files::isRegularFile).filter(f -> !f.startsWith(ws.secrets()) && !f.startsWith(ws.partner())).toList()) {
                everything.append(new String(contents(f), java.nio.charset.StandardCharsets.ISO_8859_1)).append('\n');
            }
        }
        // History lines over 256 B live in gzip objects of the data folder by reference (issue 32), read here unpacked.
        assertThat(everything).as("the demo's Redis keys and history objects").contains("TASK_SCHEDULED");
        for (String secret : values) {
            assertThat(everything.toString()).doesNotContain(secret);
        }
    }

    /** A file's bytes, unpacked when it is gzip (history and sleep objects): a secret must not hide in a compressed object. */
    private static byte[] contents(Path f) throws java.io.IOException {
        byte[] raw = Files.readAllBytes(f);
        if (raw.length > 1 && (raw[0] & 0xff) == 0x1f && (raw[1] & 0xff) == 0x8b) {
            try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
                return in.readAllBytes();
            }
        }
        return raw;
    }

    /** Every value of a key, whatever its type, one per line. */
    private static final String DUMP_VALUES = """
            local t = redis.call('TYPE', KEYS[1])['ok']
            local v = {}
            if t == 'string' then v = {redis.call('GET', KEYS[1])}
            elseif t == 'hash' then v = redis.call('HGETALL', KEYS[1])
            elseif t == 'list' then v = redis.call('LRANGE', KEYS[1], 0, -1)
            elseif t == 'set' then v = redis.call('SMEMBERS', KEYS[1])
            elseif t == 'zset' then v = redis.call('ZRANGE', KEYS[1], 0, -1)
            end
            return table.concat(v, '\\n')""";

    @Test
    @Order(4)
    void closingTheStackLeavesNoKeysInARedisItDidNotStart() {
        String prefix = DemoStack.keyPrefix(stack.run());
        stack.close();
        stack = null;
        RedissonClient redis = RedisAdapters.client(RedisTestServer.shared().url());
        try {
            assertThat(redis.getKeys().getKeysByPattern(prefix + ":*")).isEmpty();
        } finally {
            redis.shutdown();
        }
    }
}
