package io.sluice.aws.lean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import io.sluice.aws.SluiceAwsProperties;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.secrets.SecretsProperties;
import io.sluice.functions.retention.Retention;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SnapStart hooks, called as Lambda's SnapStart calls them (this JVM has no CRaC, so the test calls them): the
 * priming invocation goes through the real orchestrator on a real Redis and ElasticMQ, the clients are closed before the
 * snapshot and built anew after the restore, and the function keeps working across it.
 */
class SnapStartHooksTest {
    private static ElasticMqServer sqs;

    @BeforeAll
    static void servers() {
        sqs = ElasticMqServer.start();
    }

    @AfterAll
    static void stop() {
        sqs.close();
    }

    private static SluiceAwsProperties properties() {
        return new SluiceAwsProperties(RedisTestServer.shared().url(), null, "snapstart-" + UUID.randomUUID().toString().substring(0, 8),
                ElasticMqServer.REGION, sqs.endpoint(), "sluice", 5, null);
    }

    @Test
    void primesTheRealOrchestratorClosesItsClientsAndRebuildsThemAfterTheRestore() throws Exception {
        List<SnapStartHooks.Wiring> built = new ArrayList<>();
        SluiceAwsProperties properties = properties();
        SnapStartHooks hooks = new SnapStartHooks(() -> {
            SnapStartHooks.Wiring w = OrchestratorLambda.wire(properties, new AwsServicesProperties(ElasticMqServer.REGION, null),
                    new SecretsProperties(false, null, null, null), Retention.KEEP);
            built.add(w);
            return w;
        });
        var handler = hooks.handler();
        assertThat(handler.apply(SnapStartHooks.primingEvent()).getBatchItemFailures()).isEmpty();

        hooks.beforeCheckpoint(null);

        io.sluice.redis.RedisAdapters first = (io.sluice.redis.RedisAdapters) built.get(0).clients().get(1);
        assertThat(first.redisson().isShutdown()).as("the snapshot holds no live Redis connection").isTrue();
        assertThatThrownBy(() -> handler.apply(SnapStartHooks.primingEvent())).hasMessageContaining("between a SnapStart checkpoint");

        hooks.afterRestore(null);

        SQSBatchResponse after = handler.apply(SnapStartHooks.primingEvent());
        assertThat(after.getBatchItemFailures()).isEmpty();
        assertThat(built).as("the restore built a new wiring, which the invocation waited for").hasSize(2);
        hooks.close();
        io.sluice.redis.RedisAdapters second = (io.sluice.redis.RedisAdapters) built.get(1).clients().get(1);
        assertThat(second.redisson().isShutdown()).isTrue();
    }

    @Test
    void aPrimingThatFailsRefusesTheCheckpointAndKeepsTheFunctionWorking() throws Exception {
        AtomicInteger closes = new AtomicInteger();
        SnapStartHooks hooks = new SnapStartHooks(() -> new SnapStartHooks.Wiring(event -> {
            SQSBatchResponse r = new SQSBatchResponse();
            r.setBatchItemFailures(event.getRecords().stream()
                    .map(m -> new SQSBatchResponse.BatchItemFailure(m.getMessageId())).toList());
            return r;
        }, List.of(closes::incrementAndGet)));

        assertThatThrownBy(() -> hooks.beforeCheckpoint(null)).hasMessageContaining("priming the handler before the snapshot failed");

        assertThat(closes).hasValue(0);
        SQSEvent none = new SQSEvent();
        none.setRecords(List.of());
        assertThat(hooks.handler().apply(none).getBatchItemFailures()).isEmpty();
    }

    @Test
    void theWiringIsBuiltOnItsOwnThreadAndAFailedOneFailsTheInvocationAndIsBuiltAgain() {
        List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicInteger attempts = new AtomicInteger();
        SnapStartHooks hooks = new SnapStartHooks(() -> {
            threads.add(Thread.currentThread().getName());
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("Redis refused the connection");
            }
            return new SnapStartHooks.Wiring(event -> {
                SQSBatchResponse r = new SQSBatchResponse();
                r.setBatchItemFailures(List.of());
                return r;
            }, List.of());
        });
        SQSEvent none = new SQSEvent();
        none.setRecords(List.of());

        assertThatThrownBy(() -> hooks.handler().apply(none)).isInstanceOf(IllegalStateException.class)
                .hasMessage("Redis refused the connection");
        assertThat(hooks.handler().apply(none).getBatchItemFailures()).isEmpty();

        assertThat(attempts).hasValue(2);
        assertThat(threads).containsOnly(SnapStartHooks.WIRING_THREAD).doesNotContain(Thread.currentThread().getName());
    }

    /**
     * Issue 37: with the deployment's bucket the orchestrator's waiting executions sleep there, but its cold start (and the
     * priming before a snapshot, which changes no execution) builds no S3 client: the bucket's client opens at first use.
     */
    @Test
    void withABucketThePrimingOpensNoS3ClientAndTheCheckpointClosesTheBucketToo() throws Exception {
        List<SnapStartHooks.Wiring> built = new ArrayList<>();
        SluiceAwsProperties properties = properties();
        AwsServicesProperties aws = new AwsServicesProperties(ElasticMqServer.REGION, null);
        OrchestratorLambda.Sleep sleep = new OrchestratorLambda.Sleep(
                new io.sluice.aws.s3.S3Properties("data-bucket", null, null, java.net.URI.create("http://127.0.0.1:9")), p -> java.time.Duration.ofMinutes(5));
        SnapStartHooks hooks = new SnapStartHooks(() -> {
            SnapStartHooks.Wiring w = OrchestratorLambda.wire(properties, aws, new SecretsProperties(false, null, null, null), Retention.KEEP,
                    false, io.sluice.functions.tenancy.Tenancy.SINGLE, "Sluice", sleep);
            built.add(w);
            return w;
        });
        assertThat(hooks.handler().apply(SnapStartHooks.primingEvent()).getBatchItemFailures()).isEmpty();
        io.sluice.aws.s3.LazyS3ObjectStore bucket = (io.sluice.aws.s3.LazyS3ObjectStore) built.get(0).clients().get(2);
        assertThat(bucket.opened()).as("no S3 client at the cold start").isFalse();

        hooks.beforeCheckpoint(null);
        hooks.afterRestore(null);
        assertThat(hooks.handler().apply(SnapStartHooks.primingEvent()).getBatchItemFailures()).isEmpty();
        assertThat(built).hasSize(2);
        assertThat(((io.sluice.aws.s3.LazyS3ObjectStore) built.get(1).clients().get(2)).opened()).isFalse();
        hooks.close();
    }
}
