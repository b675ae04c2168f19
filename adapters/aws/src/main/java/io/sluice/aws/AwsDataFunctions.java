package io.sluice.aws;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.dynamodb.DynamoDbExportLedger;
import io.sluice.aws.s3.S3ConfigStore;
import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.config.ReadConfig;
import io.sluice.functions.task.dependency.DependencyCheck;
import io.sluice.functions.task.export.PushExport;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.pattern.PatternResources;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.port.ExportLedger;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisDependencyIndex;
import io.sluice.redis.RedisExportLedger;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.transfer.export.HttpExportTargets;
import io.sluice.aws.snapstart.OutboundConnections;
import io.sluice.aws.snapstart.RestoreHooks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The pattern pipelines' task functions that were local-only, on Lambda: {@code read-config} (the configs in the
 * deployment's S3 config store, checked against the pattern's schema), {@code dependency-check} (waits in the
 * deployment's Redis for the upstreams, which the {@code events} function's DependencyRelease wakes) and
 * {@code push-export} (http targets with the exporter the local runtime uses, {@link HttpExportTargets}, reading the extract from S3, with the
 * DynamoDB export ledger when {@code sluice.dynamodb.export-ledger-table} is set, else one in Redis). Secrets come from
 * Secrets Manager when it is on ({@code sluice.secrets.enabled}). Glue, Redshift and the status table are
 * {@code GlueConfiguration}'s, {@code RedshiftConfiguration}'s and {@code DynamoDbConfiguration}'s.
 */
@Configuration(proxyBeanMethods = false)
public class AwsDataFunctions {

    /** Run as {@code sluice:function:dependency-check.waitForTaskToken}; a registration outlives its deadline by a day. */
    @Bean("dependency-check")
    public Function<JsonNode, JsonNode> dependencyCheck(RedisAdapters redis, SluiceAwsProperties properties, SqsTaskQueue queue,
                                                        QueueNames names, Clock clock, Tenancy tenancy) {
        return new DependencyCheck(new RedisDependencyIndex(redis.redisson(), properties.redisKeyPrefix()), redis.timerIndex(), queue, names,
                clock, Duration.ofDays(1), tenancy);
    }

    @Bean(ReadConfig.NAME)
    @ConditionalOnProperty("sluice.s3.bucket")
    public Function<JsonNode, JsonNode> readConfig(S3ConfigStore configs, ObjectProvider<SecretResolver> secrets, Tenancy tenancy) {
        return new ReadConfig(configs, secrets(secrets), tenancy, new Patterns(AwsDataFunctions::pattern));
    }

    /** push-export's http targets: a bean, so that SnapStart's hooks drop their client's connections before the snapshot. */
    @Bean
    @ConditionalOnProperty("sluice.s3.bucket")
    public HttpExportTargets exportTargets(RedisAdapters redis, SluiceAwsProperties properties, Clock clock, Environment environment) {
        return new HttpExportTargets("AWS Lambda", OutboundPolicy.allowing(allowedHosts(environment)),
                new RedisTokenBucket(redis.redisson(), properties.redisKeyPrefix()), clock, Sleeper.REAL);
    }

    @Bean
    @ConditionalOnProperty("sluice.s3.bucket")
    public RestoreHooks.Restorable exportTargetsRestore(HttpExportTargets exportTargets) {
        return new OutboundConnections(exportTargets::dropConnections);
    }

    @Bean("push-export")
    @ConditionalOnProperty("sluice.s3.bucket")
    public Function<JsonNode, JsonNode> pushExport(S3ObjectStore objects, S3ConfigStore configs, ObjectProvider<DynamoDbExportLedger> dynamo,
                                                   RedisAdapters redis, SluiceAwsProperties properties, Clock clock,
                                                   ObjectProvider<SecretResolver> secrets, HttpExportTargets targets) {
        ExportLedger ledger = dynamo.getIfAvailable();
        if (ledger == null) {
            ledger = new RedisExportLedger(redis.redisson(), properties.redisKeyPrefix());
        }
        return new PushExport(Map.of(), targets, configs, objects, ledger, clock,
                new ScopedSecrets(secrets(secrets)));
    }

    /** {@code sluice.integrations.http.allowed-hosts}, the allow-list http:invoke uses, bound whether or not integrations are on. */
    static List<String> allowedHosts(Environment environment) {
        return Binder.get(environment).bind(OutboundPolicy.SETTING, Bindable.listOf(String.class)).orElse(List.of());
    }

    private static SecretResolver secrets(ObjectProvider<SecretResolver> secrets) {
        return secrets.getIfAvailable(() -> name -> Optional.empty());
    }

    /** The pattern templates and schemas that ship in the orchestration jar. */
    private static String pattern(String name) {
        try (InputStream in = PatternResources.class.getResourceAsStream("/" + PatternResources.ROOT + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read pattern resource " + PatternResources.ROOT + name, e);
        }
    }
}
