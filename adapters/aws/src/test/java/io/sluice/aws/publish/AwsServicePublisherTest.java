package io.sluice.aws.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.stubs.aws.EventBridgeStub;
import io.sluice.stubs.aws.SnsStub;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher;
import io.sluice.orchestration.port.Publisher.Message;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTopics;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.contract.PublisherContract;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.options.KeysScanOptions;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The Publisher contract on the AWS services: SQS on a real ElasticMQ; SNS and EventBridge on small HTTP stubs of
 * their protocols ({@link SnsStub}, {@link EventBridgeStub}) through endpointOverride, since nothing serves them
 * here. Claims and the ledger are on the real Redis, under this class's own key prefix.
 */
class AwsServicePublisherTest extends PublisherContract {
    private static final String ACCOUNT = "000000000000";
    private static final String PREFIX = "sluice-publish-" + UUID.randomUUID().toString().substring(0, 8);
    private static ElasticMqServer elasticMq;
    private static SnsStub sns;
    private static EventBridgeStub eventBridge;
    private static RedisAdapters redis;
    private static SqsClient sqs;
    private static AwsPublishTargets targets;

    @BeforeAll
    static void start() {
        elasticMq = ElasticMqServer.start();
        sns = new SnsStub().topic("arn:aws:sns:us-east-1:" + ACCOUNT + ":orders-done").topic("arn:aws:sns:us-east-1:" + ACCOUNT + ":once");
        eventBridge = new EventBridgeStub();
        redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(PREFIX));
        sqs = AwsClients.build(SqsClient.builder(), AwsClientSettings.local(elasticMq.endpoint(), "us-east-1"));
        sqs.createQueue(b -> b.queueName("orders-done"));
        sqs.createQueue(b -> b.queueName("orders.fifo").attributes(Map.of(
                software.amazon.awssdk.services.sqs.model.QueueAttributeName.FIFO_QUEUE, "true")));
        targets = new AwsPublishTargets(AwsClients.build(SnsClient.builder(), AwsClientSettings.local(sns.endpoint(), "us-east-1")), sqs,
                AwsClients.build(EventBridgeClient.builder(), AwsClientSettings.local(eventBridge.endpoint(), "us-east-1")), "us-east-1", ACCOUNT);
    }

    @AfterAll
    static void stop() {
        List<String> keys = new ArrayList<>();
        redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(PREFIX + ":*")).forEach(keys::add);
        if (!keys.isEmpty()) redis.redisson().getKeys().delete(keys.toArray(String[]::new));
        redis.close();
        sqs.close();
        sns.close();
        eventBridge.close();
        elasticMq.close();
    }

    @Override
    protected Publisher createPublisher() {
        return publisher();
    }

    private static AwsServicePublisher publisher() {
        return new AwsServicePublisher(targets, redis.idempotencyStore(), new RedisTopics(redis.redisson(), PREFIX), Clock.systemUTC(), "test");
    }

    @Test
    void tenRunsOfOneTaskPublishingOneMessageReachSnsOnce() throws Exception {
        String ns = "ns-" + UUID.randomUUID();
        Target topic = new Target(Target.Kind.TOPIC, "once");
        Concurrently.run(10, () -> publisher().publish(ns, topic, new Message("m-" + ns, "hello", Map.of("Subject", "greeting",
                "MessageAttributes.kind", "test"))));
        List<Map<String, String>> reached = sns.published().stream().filter(f -> "hello".equals(f.get("Message"))
                && f.get("TopicArn").endsWith(":once")).toList();
        assertThat(reached).hasSize(1);
        assertThat(reached.getFirst()).containsEntry("Subject", "greeting").containsEntry("MessageAttributes.entry.1.Name", "kind")
                .containsEntry("MessageAttributes.entry.1.Value.StringValue", "test");
    }

    @Test
    void aQueueMessageLandsInSqsWithItsAttributesAndFifoDeduplicatesByMessageId() {
        String ns = "ns-" + UUID.randomUUID();
        publisher().publish(ns, new Target(Target.Kind.QUEUE, "orders.fifo"), new Message("fifo-1", "{\"order\": 1}",
                Map.of("MessageGroupId", "g", "MessageAttributes.origin", "sluice")));
        String url = sqs.getQueueUrl(b -> b.queueName("orders.fifo")).queueUrl();
        List<software.amazon.awssdk.services.sqs.model.Message> got = sqs.receiveMessage(b -> b.queueUrl(url).maxNumberOfMessages(10)
                .messageAttributeNames("All").attributeNamesWithStrings("All").waitTimeSeconds(1)).messages();
        assertThat(got).hasSize(1);
        assertThat(got.getFirst().body()).isEqualTo("{\"order\": 1}");
        assertThat(got.getFirst().messageAttributes().get("origin").stringValue()).isEqualTo("sluice");
        assertThat(got.getFirst().attributesAsStrings()).containsEntry("MessageGroupId", "g").containsEntry("MessageDeduplicationId", "fifo-1");
    }

    @Test
    void anEventReachesEventBridgeAsAnEntryAndAnUnknownBusIsAnError() {
        String ns = "ns-" + UUID.randomUUID();
        String event = """
                {"version": "0", "id": "e-1", "detail-type": "OrderPlaced", "source": "shop", "account": "000000000000",
                 "time": "2026-12-01T10:00:00Z", "region": "local", "resources": ["arn:r"], "detail": {"order": 7}}""";
        publisher().publish(ns, new Target(Target.Kind.BUS, "orders-bus"), new Message("e-" + ns, event, Map.of()));
        var entry = eventBridge.calls("PutEvents").getLast().body().get("Entries").get(0);
        assertThat(entry.get("EventBusName").asText()).isEqualTo("orders-bus");
        assertThat(entry.get("Source").asText()).isEqualTo("shop");
        assertThat(entry.get("DetailType").asText()).isEqualTo("OrderPlaced");
        assertThat(Json.parse(entry.get("Detail").asText())).isEqualTo(Json.parse("{\"order\": 7}"));
        assertThat(entry.get("Resources").get(0).asText()).isEqualTo("arn:r");

        assertThatThrownBy(() -> publisher().publish(ns, new Target(Target.Kind.BUS, "missing"), new Message("e2-" + ns, event, Map.of())))
                .hasMessageContaining("NotFoundException");
        assertThat(publisher().read(ns, new Target(Target.Kind.BUS, "missing"), null, 10)).as("nothing recorded as published").isEmpty();
    }

    @Test
    void aServicesRefusalIsNamedAsStepFunctionsNamesItForTheAction() {
        // SQS answers a send to a queue that does not exist with QueueDoesNotExist; Step Functions names it
        // SQS.QueueDoesNotExistException for sqs:sendMessage, Sqs.QueueDoesNotExistException for aws-sdk:sqs:sendMessage.
        var handler = new io.sluice.functions.integration.publish.PublishHandler(publisher(), Clock.systemUTC(), Map.of());
        for (String resource : List.of("sqs:sendMessage", "aws-sdk:sqs:sendMessage")) {
            var action = io.sluice.orchestration.definition.TaskResource.parse("arn:aws:states:::" + resource).serviceAction().orElseThrow();
            var task = new io.sluice.functions.harness.TaskContext("orders:run-1.0." + resource.length() + ".0", "orders:run-1", "Send",
                    io.sluice.orchestration.definition.TaskResource.IntegrationPattern.REQUEST_RESPONSE, null,
                    new io.sluice.functions.tenancy.Owner.Platform("orders", "orders:run-1"));
            var call = new io.sluice.functions.integration.IntegrationCall(action,
                    io.sluice.orchestration.definition.TaskResource.IntegrationPattern.REQUEST_RESPONSE,
                    Json.parse("{\"QueueUrl\": \"" + elasticMq.endpoint() + "/000000000000/no-such-queue\", \"MessageBody\": \"x\"}"), task);
            var e = org.assertj.core.api.Assertions.catchThrowableOfType(io.sluice.functions.harness.TaskError.class, () -> handler.call(call));
            assertThat(e.errorName()).isEqualTo(resource.startsWith("aws-sdk") ? "Sqs.QueueDoesNotExistException" : "SQS.QueueDoesNotExistException");
            assertThat(e.retryable()).isFalse();
        }
    }
}
