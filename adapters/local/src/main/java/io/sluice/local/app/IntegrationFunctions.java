package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.duckdb.DuckDbJobEngine;
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
import io.sluice.local.config.EnvOrFileSecretResolver;
import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.postgres.kv.PostgresKeyValueTable;
import io.sluice.redis.RedisTopics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code integrations} task function and what its handlers work on locally: DynamoDB-shaped tables in
 * PostgreSQL, SNS/SQS/EventBridge targets as Redis streams ({@link RedisTopics}), S3 buckets as folders of the
 * data folder, Glue jobs on the DuckDB engine, and HTTP calls to the allowed hosts. Off with
 * {@code sluice.data-functions=false}, with the other data functions.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sluice.data-functions", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(SluiceIntegrationProperties.class)
public class IntegrationFunctions {

    @Bean
    public PostgresKeyValueTable keyValueTable(EmbeddedPostgres postgres) {
        return new PostgresKeyValueTable(postgres.dataSource());
    }

    /** The local topics; tests, the console and webhooks read them from Redis. */
    @Bean
    public RedisTopics topics(LocalBackends backends) {
        return new RedisTopics(backends.redisson(), backends.redisKeyPrefix());
    }

    @Bean(Integrations.NAME)
    public Function<JsonNode, JsonNode> integrations(SluiceIntegrationProperties properties, PostgresKeyValueTable table, RedisTopics topics,
                                                     FolderObjectStore objects, DuckDbJobEngine engine, JobCompletions completions,
                                                     EnvOrFileSecretResolver secrets, Clock clock,
                                                     SluiceLocalProperties local) {
        List<TableSchema> tables = new ArrayList<>();
        properties.tables().forEach((name, t) -> tables.add(new TableSchema(name, t.partitionKey(), t.sortKey())));
        Map<Target.Kind, java.util.Set<String>> declared = new HashMap<>();
        declare(declared, Target.Kind.TOPIC, properties.topics());
        declare(declared, Target.Kind.QUEUE, properties.queues());
        declare(declared, Target.Kind.BUS, properties.buses());
        HttpSettings http = new HttpSettings(properties.http().allowedHosts(), properties.http().timeout(), 256 * 1024);
        GlueLaunch glue = new GlueLaunch(engine, completions, new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30), 0), clock,
                new io.sluice.local.config.PipelineConfigStore(local.configDir(), local.pipelinesDir()));
        IntegrationRegistry registry = new IntegrationRegistry(Platform.LOCAL, List.of(
                new DynamoDbHandler(table, tables),
                new PublishHandler(topics, clock, declared),
                new ObjectStoreHandler(objects),
                new HttpInvokeHandler(HttpInvokeHandler.defaultClient(http), http, new ScopedSecrets(secrets)),
                new GlueHandler(glue)), null);
        return new Integrations(registry);
    }

    private static void declare(Map<Target.Kind, java.util.Set<String>> declared, Target.Kind kind, List<String> names) {
        if (!names.isEmpty()) {
            declared.put(kind, new HashSet<>(names));
        }
    }
}
