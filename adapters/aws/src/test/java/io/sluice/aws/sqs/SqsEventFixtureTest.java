package io.sluice.aws.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * The SQS → Lambda event fixtures read as the Lambda Java runtime reads them (its event
 * serializers), so a future SQS entry point can be fed them as they are. The attributes fixture
 * shows where what {@link SqsTaskQueue} sends turns up: a String message attribute such as
 * {@code traceparent} becomes {@code messageAttributes.<name>.stringValue}, and the receive count
 * is a system attribute.
 */
class SqsEventFixtureTest {

    private static SQSEvent read(String resource) throws Exception {
        try (InputStream in = SqsEventFixtureTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return LambdaEventSerializers.serializerFor(SQSEvent.class, SqsEventFixtureTest.class.getClassLoader()).fromJson(in);
        }
    }

    @Test
    void messageAttributesArriveAsStringValues() throws Exception {
        SQSEvent event = read("/events/sqs-receive-message-with-attributes.json");

        assertThat(event.getRecords()).singleElement().satisfies(m -> {
            assertThat(m.getBody()).isEqualTo("{\"n\":1}");
            assertThat(m.getAttributes()).containsEntry("ApproximateReceiveCount", "2");
            assertThat(m.getMessageAttributes()).containsOnlyKeys("traceparent", "tenant");
            SQSEvent.MessageAttribute traceparent = m.getMessageAttributes().get("traceparent");
            assertThat(traceparent.getDataType()).isEqualTo("String");
            assertThat(traceparent.getStringValue()).isEqualTo("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
            assertThat(m.getEventSourceArn()).endsWith(":my-queue");
        });
    }

    @Test
    void theBatchFixtureHasTwoPlainMessages() throws Exception {
        SQSEvent event = read("/events/sqs-receive-message.json");

        assertThat(event.getRecords()).extracting(SQSEvent.SQSMessage::getBody).containsExactly("first", "second");
        assertThat(event.getRecords()).allSatisfy(m -> assertThat(m.getMessageAttributes()).isEmpty());
    }
}
