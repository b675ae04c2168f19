package io.sluice.aws.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a batch is reported back to Lambda: a failure fails only its own record, and holds its FIFO group behind it. */
class SqsBatchFunctionTest {

    private static SQSEvent.SQSMessage message(String id, String group) {
        SQSEvent.SQSMessage m = new SQSEvent.SQSMessage();
        m.setMessageId(id);
        m.setBody(id);
        m.setEventSourceArn("arn:aws:sqs:us-east-1:123456789012:sluice-orchestrator.fifo");
        m.setAttributes(group == null ? Map.of("ApproximateReceiveCount", "1")
                : Map.of("ApproximateReceiveCount", "1", "MessageGroupId", group));
        return m;
    }

    private static SQSEvent event(SQSEvent.SQSMessage... messages) {
        SQSEvent e = new SQSEvent();
        e.setRecords(List.of(messages));
        return e;
    }

    private static List<String> failed(SQSBatchResponse response) {
        return response.getBatchItemFailures().stream().map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).toList();
    }

    @Test
    void aFailedMessageHoldsTheRestOfItsGroupButNotOtherGroups() {
        List<String> handled = new ArrayList<>();
        SqsBatchFunction function = new SqsBatchFunction((body, attributes) -> {
            handled.add(body);
            if (body.equals("a1")) {
                throw new IllegalStateException("conflict");
            }
            return true;
        });

        SQSBatchResponse response = function.apply(event(message("a1", "exec-a"), message("b1", "exec-b"), message("a2", "exec-a"),
                message("b2", "exec-b"), message("a3", "exec-a")));

        assertThat(handled).as("a2 and a3 must not overtake a1").containsExactly("a1", "b1", "b2");
        assertThat(failed(response)).containsExactly("a1", "a2", "a3");
    }

    @Test
    void onAStandardQueueOnlyTheFailedRecordComesBack() {
        SqsBatchFunction function = new SqsBatchFunction((body, attributes) -> !body.equals("m1"));

        SQSBatchResponse response = function.apply(event(message("m1", null), message("m2", null), message("m3", null)));

        assertThat(failed(response)).containsExactly("m1");
    }
}
