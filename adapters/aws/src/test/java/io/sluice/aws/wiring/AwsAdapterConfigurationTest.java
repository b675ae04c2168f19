package io.sluice.aws.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.dynamodb.DynaliteTables;
import io.sluice.aws.dynamodb.DynamoDbConfiguration;
import io.sluice.aws.dynamodb.DynamoDbExportLedger;
import io.sluice.aws.dynamodb.DynamoDbStatusStore;
import io.sluice.aws.dynamodb.DynamoDbUpstreamLedger;
import io.sluice.aws.dynamodb.LedgerTables;
import io.sluice.aws.dynamodb.StatusTable;
import io.sluice.aws.glue.GlueConfiguration;
import io.sluice.aws.glue.GlueJobLauncher;
import io.sluice.aws.glue.GlueJobStateFunction;
import io.sluice.aws.redshift.RedshiftConfiguration;
import io.sluice.aws.redshift.RedshiftDataWarehouse;
import io.sluice.aws.s3.S3Configuration;
import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.aws.s3.S3ConfigStore;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.aws.scheduler.ScheduleReconciler;
import io.sluice.aws.scheduler.SchedulerConfiguration;
import io.sluice.aws.secrets.SecretsConfiguration;
import io.sluice.aws.secrets.SecretsManagerSecretResolver;
import io.sluice.aws.sns.SnsAlertSink;
import io.sluice.aws.sns.SnsConfiguration;
import io.sluice.stubs.aws.SchedulerStub;
import io.sluice.stubs.aws.SecretsManagerStub;
import io.sluice.stubs.aws.SnsStub;
import io.sluice.functions.alert.LogAlertSink;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.aws.S3MockServer;
import io.sluice.testkit.redis.RedisTestServer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The adapters' Spring configurations: nothing without properties; with them, every adapter behind its port,
 * reaching S3Mock and dynalite (real servers) and the stubs of SNS, Secrets Manager and Scheduler through their
 * {@code sluice.<service>.endpoint} overrides.
 */
class AwsAdapterConfigurationTest {
    private static final Class<?>[] CONFIGURATIONS = {S3Configuration.class, DynamoDbConfiguration.class, GlueConfiguration.class,
            GlueJobStateFunction.class, RedshiftConfiguration.class, SecretsConfiguration.class, SnsConfiguration.class,
            SchedulerConfiguration.class};
    private static final String TOPIC = "arn:aws:sns:us-east-1:123456789012:alerts";
    private static SnsStub sns;
    private static SecretsManagerStub secrets;
    private static SchedulerStub scheduler;
    private static RedisAdapters redis;

    @BeforeAll
    static void start() {
        sns = new SnsStub().topic(TOPIC);
        secrets = new SecretsManagerStub().put("sluice/db-password", "pw");
        scheduler = new SchedulerStub();
        redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url())
                .withKeyPrefix("sluice-wiring-" + UUID.randomUUID().toString().substring(0, 8)));
    }

    @AfterAll
    static void stop() {
        sns.close();
        secrets.close();
        scheduler.close();
        redis.close();
    }

    private static ApplicationContextRunner runner() {
        return new ApplicationContextRunner().withUserConfiguration(CONFIGURATIONS)
                .withBean(Clock.class, Clock::systemUTC).withBean(RedisAdapters.class, () -> redis);
    }

    @Test
    void withoutPropertiesThereIsNoAdapterAndNoClient() {
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(S3Client.class).doesNotHaveBean(DynamoDbClient.class)
                    .doesNotHaveBean(S3ObjectStore.class).doesNotHaveBean(DynamoDbStatusStore.class)
                    .doesNotHaveBean(GlueJobLauncher.class).doesNotHaveBean(RedshiftDataWarehouse.class)
                    .doesNotHaveBean(SecretsManagerSecretResolver.class).doesNotHaveBean(SnsAlertSink.class)
                    .doesNotHaveBean(ScheduleReconciler.class).doesNotHaveBean("glue-launch").doesNotHaveBean("write-status");
        });
    }

    @Test
    void withPropertiesEveryAdapterStandsBehindItsPortAtItsEndpoint() {
        DynamoDbClient dynamo = DynaliteTables.dynalite();
        String status = DynaliteTables.create(dynamo, "wired-status", StatusTable::create);
        String exports = DynaliteTables.create(dynamo, "wired-exports", LedgerTables::exportLedger);
        String upstreams = DynaliteTables.create(dynamo, "wired-upstreams", LedgerTables::upstreamLedger);
        S3Client s3 = S3TestBuckets.s3Mock();
        String bucket = S3TestBuckets.create(s3, "wired");
        runner().withPropertyValues(
                "sluice.region=us-east-1",
                "sluice.s3.bucket=" + bucket, "sluice.s3.prefix=data/", "sluice.s3.endpoint=" + S3MockServer.shared().endpoint(),
                "sluice.dynamodb.status-table=" + status, "sluice.dynamodb.export-ledger-table=" + exports,
                "sluice.dynamodb.upstream-ledger-table=" + upstreams,
                "sluice.dynamodb.endpoint=" + io.sluice.testkit.aws.DynaliteServer.shared().endpoint(),
                "sluice.glue.enabled=true", "sluice.glue.endpoint=http://127.0.0.1:9",
                "sluice.redshift.workgroup=analytics", "sluice.redshift.database=dev",
                "sluice.redshift.copy-role-arn=arn:aws:iam::123456789012:role/copy", "sluice.redshift.endpoint=http://127.0.0.1:9",
                "sluice.secrets.enabled=true", "sluice.secrets.endpoint=" + secrets.endpoint(),
                "sluice.sns.alert-topic-arn=" + TOPIC, "sluice.sns.endpoint=" + sns.endpoint(),
                "sluice.scheduler.group=wired", "sluice.scheduler.target-arn=arn:aws:lambda:us-east-1:123456789012:function:start",
                "sluice.scheduler.role-arn=arn:aws:iam::123456789012:role/scheduler", "sluice.scheduler.endpoint=" + scheduler.endpoint())
                .withBean(LogAlertSink.class, LogAlertSink::new)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    S3ObjectStore objects = context.getBean(S3ObjectStore.class);
                    objects.put("hello.txt", "hi".getBytes(StandardCharsets.UTF_8));
                    assertThat(s3.getObjectAsBytes(b -> b.bucket(bucket).key("data/hello.txt")).asUtf8String()).isEqualTo("hi");
                    assertThat(context.getBean(S3ConfigStore.class).read("absent.json")).isEmpty();

                    StatusRecord row = new StatusRecord("wired:run-1", "wired", "2026-11-29", RunState.RUNNING, 0,
                            Instant.parse("2026-11-29T06:00:00Z"), null, null, null, null, null, null);
                    assertThat(context.getBean(DynamoDbStatusStore.class).upsert(row).applied()).isTrue();
                    assertThat(context).hasSingleBean(DynamoDbExportLedger.class).hasSingleBean(DynamoDbUpstreamLedger.class);
                    assertThat(context.getBean("write-status")).isInstanceOf(Function.class);

                    assertThat(context).hasSingleBean(GlueJobLauncher.class).hasBean("glue-launch").hasBean("glue-job-state");
                    assertThat(context).hasSingleBean(RedshiftDataWarehouse.class).hasBean("copy-to-warehouse");

                    assertThat(context.getBean(io.sluice.orchestration.port.SecretResolver.class).resolve("db-password")).contains("pw");
                    context.getBean(AlertSink.class).fire(new AlertSink.Alert("k", AlertSink.Severity.ERROR, "wired", "d"));
                    assertThat(sns.published()).anySatisfy(p -> assertThat(p).containsEntry("Subject", "wired"));

                    @SuppressWarnings("unchecked")
                    Function<String, String> reconcile = (Function<String, String>) context.getBean("schedule-reconcile");
                    JsonNode report = Json.parse(reconcile.apply("{\"schedules\": [{\"pipeline\": \"orders\", \"expression\": \"0 3 * * *\"}]}"));
                    assertThat(report.path("created")).hasSize(1);
                    assertThat(report.path("problems")).isEmpty();
                });
        s3.close();
    }
}
