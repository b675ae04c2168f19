package io.sluice.aws.lambda;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a Sluice message handler over an SQS batch as Lambda delivers it, and reports the records
 * that must come back as a partial batch failure (the event source mapping needs
 * {@code ReportBatchItemFailures}). One bad record never fails its batch-mates: they are
 * acknowledged, it alone is retried and, after {@code maxReceiveCount}, dead-lettered.
 * {@code SQSEvent} stops here; the handler sees the body and the attributes, or the whole
 * {@link SqsRecord} (id, receive count, queues) where it needs them.
 *
 * <p>On a FIFO queue a batch holds several messages of one group in order (one execution's, for the
 * orchestrator): once one of them is not done, the group's later messages in the batch are not run
 * but reported failed too, so they come back after it and are never applied before it.
 */
public final class SqsBatchFunction implements Function<SQSEvent, SQSBatchResponse> {
    private static final Logger LOG = Logger.getLogger(SqsBatchFunction.class.getName());

    /** Handles one message; returns whether it is done (false: leave it on the queue for later). */
    @FunctionalInterface
    public interface MessageHandler {
        boolean handle(String body, Map<String, String> attributes);
    }

    /** Handles one record; returns whether it is done (false: leave it on the queue for later). */
    @FunctionalInterface
    public interface RecordHandler {
        boolean handle(SqsRecord record);
    }

    private static final String MESSAGE_GROUP_ID = "MessageGroupId";

    private final RecordHandler handler;

    public SqsBatchFunction(MessageHandler handler) {
        this(r -> handler.handle(r.body(), r.attributes()));
    }

    public SqsBatchFunction(RecordHandler handler) {
        this.handler = handler;
    }

    @Override
    public SQSBatchResponse apply(SQSEvent event) {
        List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
        Set<String> heldGroups = new HashSet<>();
        for (SQSEvent.SQSMessage record : event.getRecords()) {
            String group = record.getAttributes() == null ? null : record.getAttributes().get(MESSAGE_GROUP_ID);
            if (group != null && heldGroups.contains(group)) {
                // A FIFO group's later message must not overtake the earlier one that failed: both come back, in order.
                failures.add(new SQSBatchResponse.BatchItemFailure(record.getMessageId()));
                continue;
            }
            boolean done;
            try {
                done = handler.handle(record(record));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "SQS message " + record.getMessageId() + " failed and will be retried: " + e.getMessage());
                done = false;
            }
            if (!done) {
                failures.add(new SQSBatchResponse.BatchItemFailure(record.getMessageId()));
                if (group != null) {
                    heldGroups.add(group);
                }
            }
        }
        return new SQSBatchResponse(failures);
    }

    private static SqsRecord record(SQSEvent.SQSMessage record) {
        Map<String, String> system = record.getAttributes() == null ? Map.of() : record.getAttributes();
        int received;
        try {
            received = Integer.parseInt(system.getOrDefault("ApproximateReceiveCount", "1"));
        } catch (NumberFormatException e) {
            received = 1;
        }
        return new SqsRecord(record.getMessageId(), record.getBody(), attributes(record), received, record.getEventSourceArn(),
                system.get("DeadLetterQueueSourceArn"));
    }

    private static Map<String, String> attributes(SQSEvent.SQSMessage record) {
        Map<String, String> out = new HashMap<>();
        if (record.getMessageAttributes() != null) {
            record.getMessageAttributes().forEach((name, value) -> {
                if (value.getStringValue() != null) {
                    out.put(name, value.getStringValue());
                }
            });
        }
        return out;
    }
}
