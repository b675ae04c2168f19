package io.sluice.functions.integration;

import static io.sluice.functions.integration.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.publish.PublishHandler;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher.Delivered;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.testkit.fake.InMemoryPublisher;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SNS, SQS and EventBridge shapes on the in-memory publisher (adapters/local runs them on the Redis topics). */
class PublishHandlerTest {
    final InMemoryPublisher topics = new InMemoryPublisher();
    final PublishHandler publish = new PublishHandler(topics, Clock.fixed(Instant.parse("2026-11-29T06:00:00Z"), ZoneOffset.UTC),
            Map.of(Target.Kind.QUEUE, Set.of("orders-work", "orders.fifo")));

    @Test
    void snsPublishReturnsAMessageIdAndTheTopicHoldsTheMessage() {
        JsonNode r = publish.call(call("arn:aws:states:::sns:publish", """
                {"TopicArn": "arn:aws:sns:eu-west-1:123456789012:orders-done", "Subject": "done",
                 "Message": {"order": "o-1"}, "MessageAttributes": {"kind": {"DataType": "String", "StringValue": "order"}}}"""));
        assertThat(r.fieldNames()).toIterable().containsExactly("MessageId");
        List<Delivered> sent = topics.read("", new Target(Target.Kind.TOPIC, "orders-done"), null, 10);
        assertThat(sent).singleElement().satisfies(d -> {
            assertThat(d.message().id()).isEqualTo(r.get("MessageId").asText());
            assertThat(Json.parse(d.message().body())).isEqualTo(Json.parse("{\"order\": \"o-1\"}"));
            assertThat(d.message().attributes()).containsEntry("Subject", "done").containsEntry("MessageAttributes.kind", "order");
        });
    }

    @Test
    void aTaskThatRunsAgainPublishesNothingTwice() {
        String params = "{\"TopicArn\": \"arn:aws:sns:eu-west-1:123456789012:t\", \"Message\": \"hello\"}";
        JsonNode first = publish.call(call("arn:aws:states:::sns:publish", params, "p:r.0.1.0", null));
        JsonNode again = publish.call(call("arn:aws:states:::sns:publish", params, "p:r.0.1.0", null));
        assertThat(again).isEqualTo(first);
        assertThat(topics.read("", new Target(Target.Kind.TOPIC, "t"), null, 10)).hasSize(1);
    }

    @Test
    void sqsSendMessageReturnsTheBodysMd5AndFifoQueuesASequenceNumber() {
        JsonNode r = publish.call(call("arn:aws:states:::sqs:sendMessage.waitForTaskToken", """
                {"QueueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/orders-work", "MessageBody": "hello"}"""));
        assertThat(r.get("MD5OfMessageBody").asText()).isEqualTo("5d41402abc4b2a76b9719d911017c592");
        assertThat(r.has("MessageId")).isTrue();
        JsonNode fifo = publish.call(call("arn:aws:states:::aws-sdk:sqs:sendMessage", """
                {"QueueUrl": "http://localhost:9324/000000000000/orders.fifo", "MessageBody": {"n": 1}, "MessageGroupId": "g"}"""));
        assertThat(fifo.get("SequenceNumber").asText()).matches("[0-9]+");
        TaskError unknown = catchThrowableOfType(TaskError.class, () -> publish.call(call("arn:aws:states:::sqs:sendMessage", """
                {"QueueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/nope", "MessageBody": "x"}""")));
        assertThat(unknown.errorName()).isEqualTo("SQS.QueueDoesNotExistException");
    }

    @Test
    void putEventsReturnsEntriesAndDeliversEventBridgeEnvelopes() {
        JsonNode r = publish.call(call("arn:aws:states:::events:putEvents", """
                {"Entries": [{"Source": "orders", "DetailType": "OrderPlaced", "Detail": {"id": "o-1"}, "EventBusName": "arn:aws:events:eu-west-1:123456789012:event-bus/shop"},
                             {"Source": "orders", "DetailType": "OrderPaid", "Detail": "{\\"id\\": \\"o-1\\"}"}]}"""));
        assertThat(r.get("FailedEntryCount").asInt()).isZero();
        assertThat(r.get("Entries")).hasSize(2);
        Delivered event = topics.read("", new Target(Target.Kind.BUS, "shop"), null, 10).getFirst();
        JsonNode envelope = Json.parse(event.message().body());
        assertThat(envelope.get("detail-type").asText()).isEqualTo("OrderPlaced");
        assertThat(envelope.get("time").asText()).isEqualTo("2026-11-29T06:00:00Z");
        assertThat(envelope.at("/detail/id").asText()).isEqualTo("o-1");
        assertThat(envelope.get("id").asText()).isEqualTo(r.at("/Entries/0/EventId").asText());
        assertThat(topics.read("", new Target(Target.Kind.BUS, "default"), null, 10)).hasSize(1);
    }

    @Test
    void aMalformedEntryFailsTheOptimisedIntegrationAndIsCountedByTheSdkForm() {
        String params = "{\"Entries\": [{\"Source\": \"orders\", \"DetailType\": \"X\"}]}";
        TaskError e = catchThrowableOfType(TaskError.class, () -> publish.call(call("arn:aws:states:::events:putEvents", params)));
        assertThat(e.errorName()).isEqualTo("EventBridge.FailedEntry");
        JsonNode sdk = publish.call(call("arn:aws:states:::aws-sdk:eventbridge:putEvents", params));
        assertThat(sdk.get("FailedEntryCount").asInt()).isEqualTo(1);
        assertThat(sdk.at("/Entries/0/ErrorCode").asText()).isEqualTo("InvalidArgument");
    }

    @Test
    void tenantsPublishToTopicsOfTheirOwn() {
        publish.call(call("arn:aws:states:::sns:publish", "{\"TopicArn\": \"arn:aws:sns:r:1:t\", \"Message\": \"a\"}", "x:y.0.1.0", "tenant-a"));
        assertThat(topics.read("tenant-a", new Target(Target.Kind.TOPIC, "t"), null, 10)).hasSize(1);
        assertThat(topics.read("", new Target(Target.Kind.TOPIC, "t"), null, 10)).isEmpty();
    }
}
