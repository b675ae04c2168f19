package io.sluice.local.integration;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.duckdb.DuckDbJobEngine;
import io.sluice.duckdb.JobEngineSettings;
import io.sluice.functions.harness.ErrorMapping;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.dynamodb.TableSchema;
import io.sluice.functions.integration.http.HttpInvokeHandler;
import io.sluice.functions.integration.http.HttpSettings;
import io.sluice.functions.integration.jobs.GlueHandler;
import io.sluice.functions.integration.objects.ObjectStoreHandler;
import io.sluice.functions.integration.publish.PublishHandler;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.integration.Platform;
import io.sluice.postgres.kv.PostgresKeyValueTable;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTopics;
import io.sluice.testkit.fake.InMemorySecretResolver;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/**
 * The integrations function of the local host over its real backends, as {@code IntegrationFunctions} wires
 * it: tables in PostgreSQL (a database of the test's own), topics in Redis (under a key prefix of its own,
 * deleted on close), buckets as folders of a data folder, Glue jobs on DuckDB, HTTP to the allowed hosts.
 * {@link #invoker()} runs service integration tasks with it in the express runner, as the worker harness does.
 */
final class LocalIntegrations implements AutoCloseable {
    static final String SECRET = "Bearer partner-s3cr3t";

    final TestDatabase database;
    final RedissonClient redis;
    final String prefix = "sluice-test:integrations:" + UUID.randomUUID();
    final PostgresKeyValueTable tables;
    final RedisTopics topics;
    final Path data;
    final DuckDbJobEngine jobs;
    final Integrations integrations;

    LocalIntegrations(Path folder, List<String> allowedHosts) throws IOException {
        database = PostgresTestServer.shared().createDatabase("integ_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
        redis = RedisAdapters.client(RedisTestServer.shared().url());
        tables = new PostgresKeyValueTable(database.dataSource());
        topics = new RedisTopics(redis, prefix);
        data = Files.createDirectories(folder.resolve("data"));
        Path scripts = Files.createDirectories(folder.resolve("jobs"));
        Files.writeString(scripts.resolve("load-orders.sql"), "COPY (SELECT '${day}' AS day, 12 AS orders) TO '${store}/${output}' (HEADER);");
        Files.writeString(scripts.resolve("broken.sql"), "SELECT nope FROM nowhere;");
        JobCompletions completions = new JobCompletions();
        Clock clock = Clock.systemUTC();
        jobs = new DuckDbJobEngine(JobEngineSettings.of(scripts, data, folder.resolve("job-runs")), completions, clock);
        HttpSettings http = HttpSettings.none().allowing(allowedHosts);
        IntegrationRegistry registry = new IntegrationRegistry(Platform.LOCAL, List.of(
                new DynamoDbHandler(tables, List.of(new TableSchema("tickets", "customer", "ticket"), new TableSchema("customers", "customer", null))),
                new PublishHandler(topics, clock, Map.of()),
                new ObjectStoreHandler(new FolderObjectStore(data)),
                new HttpInvokeHandler(HttpInvokeHandler.defaultClient(http), http,
                        new ScopedSecrets(new InMemorySecretResolver().put("partner-api", SECRET))),
                new GlueHandler(new GlueLaunch(jobs, completions, new Backoff(Duration.ofMillis(100), 2.0, Duration.ofSeconds(1), 0), clock))), null);
        integrations = new Integrations(registry);
    }

    /** Service integrations through the integrations function; anything else is no task of this test. */
    TaskInvoker invoker() {
        return task -> {
            if (!TaskResource.INTEGRATIONS_FUNCTION.equals(task.function())) {
                return TaskOutcome.failure("Test.NoSuchFunction", "no function '" + task.function() + "' in this test");
            }
            TaskContext context = new TaskContext(task.token().encode(), task.token().executionId(), task.stateName(), task.pattern(),
                    task.timeoutSeconds(), task.resource(), task.credentials(), Tenancy.SINGLE.owners().ofExecution(task.token().executionId()));
            try {
                JsonNode out = integrations.apply(task.payload(), context);
                return TaskOutcome.success(out);
            } catch (RuntimeException e) {
                ErrorMapping m = ErrorMapping.of(e);
                return TaskOutcome.failure(m.error(), m.cause());
            }
        };
    }

    @Override
    public void close() {
        jobs.close();
        redis.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(k -> redis.getKeys().delete(k));
        redis.shutdown();
        database.close();
    }
}
