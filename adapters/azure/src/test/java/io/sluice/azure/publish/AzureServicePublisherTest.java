package io.sluice.azure.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.azure.AzureIntegrationProperties;
import io.sluice.azure.SluiceAzureProperties;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.publish.SendOncePublisher;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher;
import io.sluice.orchestration.port.Publisher.Message;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTopics;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.contract.PublisherContract;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Publisher contract on Azure: SNS topics → Service Bus topics, SQS queues → Service Bus queues, EventBridge buses →
 * Event Grid topics. Service Bus and Event Grid cannot run here (no emulator without Docker), so their REST endpoints
 * are a scripted loopback stub ({@link ScriptedAzureMessaging}), which verifies the SAS signature and the access key.
 * Claims and the read-back ledger are on the real Redis, under this class's own key prefix.
 */
class AzureServicePublisherTest extends PublisherContract {
    private static final String PREFIX = "sluice-azpub-" + UUID.randomUUID().toString().substring(0, 8);
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static ScriptedAzureMessaging stub;
    private static RedisAdapters redis;
    private static AzurePublishTargets targets;

    @BeforeAll
    static void start() {
        stub = new ScriptedAzureMessaging().entity("orders-done").entity("sb-once").entity("sb-orders-queue").entity("gone")
                .eventGridTopic("orders").eventGridTopic("plain");
        redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(PREFIX));
        Map<String, AzureIntegrationProperties.Bus> buses = Map.of(
                "orders-bus", new AzureIntegrationProperties.Bus(stub.eventGridEndpoint("orders"), null, ScriptedAzureMessaging.EVENT_GRID_KEY),
                "plain-bus", new AzureIntegrationProperties.Bus(stub.eventGridEndpoint("plain"), "eventgrid", ScriptedAzureMessaging.EVENT_GRID_KEY),
                "missing-bus", new AzureIntegrationProperties.Bus(stub.eventGridEndpoint("missing"), null, ScriptedAzureMessaging.EVENT_GRID_KEY));
        AzureIntegrationProperties integrations = new AzureIntegrationProperties(null, null,
                Map.of("orders-done", "", "once", "sb-once", "deleted", "absent-entity"),
                Map.of("orders-done", "", "orders-queue", "sb-orders-queue"), buses, stub.serviceBusEndpoint());
        targets = AzurePublishing.targets(integrations, new SluiceAzureProperties.ServiceBus(null, stub.connectionString(), null, null),
                () -> {
                    throw new AssertionError("no identity is used when keys are configured");
                }, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @AfterAll
    static void stop() {
        redis.close();
        RedisCleanup.delete(RedisTestServer.shared().url(), PREFIX);
        stub.close();
    }

    @Override
    protected Publisher createPublisher() {
        return publisher();
    }

    private static Publisher publisher() {
        return new SendOncePublisher(targets, redis.idempotencyStore(), new RedisTopics(redis.redisson(), PREFIX), Clock.systemUTC(), "test");
    }

    @Test
    void tenRunsOfOneTaskPublishingOneMessageReachTheServiceBusTopicOnceWithItsProperties() throws Exception {
        String ns = "ns-" + UUID.randomUUID();
        Concurrently.run(10, () -> publisher().publish(ns, new Target(Target.Kind.TOPIC, "once"), new Message("m-" + ns, "{\"hello\": 1}",
                Map.of("Subject", "greeting", "MessageGroupId", "g-7", "MessageAttributes.kind", "te\"st"))));
        List<ScriptedAzureMessaging.Request> sent = stub.messages("sb-once").stream().filter(r -> r.body().equals("{\"hello\": 1}")).toList();
        assertThat(sent).hasSize(1);
        var broker = Json.parse(sent.getFirst().header("BrokerProperties"));
        assertThat(broker.get("MessageId").asText()).isEqualTo("m-" + ns);
        assertThat(broker.get("Label").asText()).isEqualTo("greeting");
        assertThat(broker.get("SessionId").asText()).isEqualTo("g-7");
        assertThat(sent.getFirst().header("kind")).isEqualTo("\"te\\\"st\"");
        assertThat(sent.getFirst().header("Content-Type")).isEqualTo("application/json");
    }

    @Test
    void aQueueMessageIsScheduledByItsDelayOnTheMappedQueue() {
        publisher().publish("ns-" + UUID.randomUUID(), new Target(Target.Kind.QUEUE, "orders-queue"),
                new Message("q-1", "plain text", Map.of("DelaySeconds", "90")));
        ScriptedAzureMessaging.Request sent = stub.messages("sb-orders-queue").getLast();
        assertThat(sent.body()).isEqualTo("plain text");
        assertThat(sent.header("Content-Type")).startsWith("text/plain");
        var broker = Json.parse(sent.header("BrokerProperties"));
        assertThat(ZonedDateTime.parse(broker.get("ScheduledEnqueueTimeUtc").asText(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant())
                .isEqualTo(NOW.plusSeconds(90));
        assertThatThrownBy(() -> targets.send(new Target(Target.Kind.QUEUE, "orders-queue"), new Message("q-2", "b", Map.of("DelaySeconds", "soon"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DelaySeconds").hasMessageContaining("'soon'");
    }

    @Test
    void anEventBecomesACloudEventOrAnEventGridEventOnItsTopic() {
        String ns = "ns-" + UUID.randomUUID();
        String event = """
                {"version": "0", "id": "e-1", "detail-type": "OrderPlaced", "source": "shop", "account": "000000000000",
                 "time": "2026-12-01T10:00:00Z", "region": "local", "resources": ["arn:r"], "detail": {"order": 7}}""";
        publisher().publish(ns, new Target(Target.Kind.BUS, "orders-bus"), new Message("e-" + ns, event, Map.of()));
        publisher().publish(ns, new Target(Target.Kind.BUS, "plain-bus"), new Message("p-" + ns, event, Map.of()));

        ScriptedAzureMessaging.Request cloud = stub.requests().stream().filter(r -> r.path().contains("/orders/")).toList().getLast();
        assertThat(cloud.header("Content-Type")).startsWith("application/cloudevents+json");
        assertThat(ScriptedAzureMessaging.json(cloud)).isEqualTo(Json.parse("""
                {"specversion": "1.0", "id": "e-%s", "source": "shop", "type": "OrderPlaced", "time": "2026-12-01T10:00:00Z",
                 "subject": "arn:r", "datacontenttype": "application/json", "data": {"order": 7}}""".formatted(ns)));
        ScriptedAzureMessaging.Request grid = stub.requests().stream().filter(r -> r.path().contains("/plain/")).toList().getLast();
        assertThat(ScriptedAzureMessaging.json(grid)).isEqualTo(Json.parse("""
                [{"id": "p-%s", "eventType": "OrderPlaced", "subject": "shop", "dataVersion": "0", "eventTime": "2026-12-01T10:00:00Z",
                  "data": {"order": 7}}]""".formatted(ns)));
    }

    @Test
    void missingEntitiesKeepAwsErrorNamesAndNothingIsRecordedAsPublished() {
        String ns = "ns-" + UUID.randomUUID();
        Target deleted = new Target(Target.Kind.TOPIC, "deleted");
        assertThatThrownBy(() -> publisher().publish(ns, deleted, new Message("x-1", "b", Map.of())))
                .isInstanceOf(TaskError.class).extracting(e -> ((TaskError) e).errorName()).isEqualTo("SNS.NotFoundException");
        assertThatThrownBy(() -> publisher().publish(ns, new Target(Target.Kind.QUEUE, "undeclared"), new Message("x-2", "b", Map.of())))
                .isInstanceOf(TaskError.class).extracting(e -> ((TaskError) e).errorName()).isEqualTo("SQS.QueueDoesNotExistException");
        assertThatThrownBy(() -> publisher().publish(ns, new Target(Target.Kind.BUS, "missing-bus"), new Message("x-3",
                "{\"source\": \"s\", \"detail-type\": \"t\", \"detail\": {}}", Map.of())))
                .isInstanceOf(TaskError.class).extracting(e -> ((TaskError) e).errorName()).isEqualTo("EventBridge.ResourceNotFoundException");
        assertThat(publisher().read(ns, deleted, null, 10)).isEmpty();
    }

    @Test
    void aBusyServiceIsARetryableFailureThatRecordsNothingAndTheRetrySendsOnce() {
        String ns = "ns-" + UUID.randomUUID();
        Target topic = new Target(Target.Kind.TOPIC, "orders-done");
        stub.failNext(503, 1);
        assertThatThrownBy(() -> publisher().publish(ns, topic, new Message("r-" + ns, "retry me", Map.of())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("503");
        // A plain exception, which the worker harness retries (States.TaskFailed); nothing is recorded as published,
        // and the claim is given back, so the retry sends now rather than returning a receipt of a message that never went.
        assertThat(publisher().read(ns, topic, null, 10)).isEmpty();
        assertThat(stub.messages("orders-done")).noneMatch(r -> r.body().equals("retry me"));

        Publisher.Published retried = publisher().publish(ns, topic, new Message("r-" + ns, "retry me", Map.of()));
        assertThat(retried.messageId()).isEqualTo("r-" + ns);
        assertThat(stub.messages("orders-done")).filteredOn(r -> r.body().equals("retry me")).hasSize(1);
        assertThat(publisher().read(ns, topic, null, 10)).hasSize(1);
    }

    @Test
    void aWrongKeyIsAnAuthorizationErrorThatNamesNoKey() {
        AzureIntegrationProperties integrations = new AzureIntegrationProperties(null, null, Map.of("orders-done", ""), null,
                Map.of("b", new AzureIntegrationProperties.Bus(stub.eventGridEndpoint("orders"), null, "not-the-key")), stub.serviceBusEndpoint());
        AzurePublishTargets wrong = AzurePublishing.targets(integrations, new SluiceAzureProperties.ServiceBus(null,
                "Endpoint=sb://127.0.0.1/;SharedAccessKeyName=" + ScriptedAzureMessaging.KEY_NAME + ";SharedAccessKey=d3Jvbmc=", null, null),
                () -> null, Clock.systemUTC());
        assertThatThrownBy(() -> wrong.send(new Target(Target.Kind.TOPIC, "orders-done"), new Message("w", "b", Map.of())))
                .isInstanceOf(TaskError.class).hasMessageContaining("401").hasMessageNotContaining("d3Jvbmc=")
                .extracting(e -> ((TaskError) e).errorName()).isEqualTo("SNS.AuthorizationErrorException");
        assertThatThrownBy(() -> wrong.send(new Target(Target.Kind.BUS, "b"), new Message("w", "{\"detail\": {}}", Map.of())))
                .isInstanceOf(TaskError.class).hasMessageNotContaining("not-the-key");
    }

    @Test
    void theDeclaredNamesAreTheConfiguredOnesOfEachKind() {
        assertThat(targets.declared().get(Target.Kind.TOPIC)).containsExactlyInAnyOrder("orders-done", "once", "deleted");
        assertThat(targets.declared().get(Target.Kind.QUEUE)).containsExactlyInAnyOrder("orders-done", "orders-queue");
        assertThat(targets.declared().get(Target.Kind.BUS)).containsExactlyInAnyOrder("orders-bus", "plain-bus", "missing-bus");
    }
}
