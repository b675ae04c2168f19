package io.sluice.aws.lambda;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a Sluice message handler over an SQS batch as Lambda delivers it, and reports the records
 * that must come back as a partial batch failure (the event source mapping needs
 * {@code ReportBatchItemFailures}). One bad record never fails its batch-mates: they are
 * acknowledged, it alone is retried and, after {@code maxReceiveCount}, dead-lettered.
 * {@code SQSEvent} stops here; the handler sees only the body and the attributes.
 */
public final class SqsBatchFunction implements Function<SQSEvent, SQSBatchResponse> {
    private static final Logger LOG = Logger.getLogger(SqsBatchFunction.class.getName());

    /** Handles one message; returns whether it is done (false: leave it on the queue for later). */
    @FunctionalInterface
    public interface MessageHandler {
        boolean handle(String body, Map<String, String> attributes);
    }

    private final MessageHandler handler;

    public SqsBatchFunction(MessageHandler handler) {
        this.handler = handler;
    }

    @Override
    public SQSBatchResponse apply(SQSEvent event) {
        List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
        for (SQSEvent.SQSMessage record : event.getRecords()) {
            boolean done;
            try {
                done = handler.handle(record.getBody(), attributes(record));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "SQS message " + record.getMessageId() + " failed and will be retried: " + e.getMessage());
                done = false;
            }
            if (!done) {
                failures.add(new SQSBatchResponse.BatchItemFailure(record.getMessageId()));
            }
        }
        return new SQSBatchResponse(failures);
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
