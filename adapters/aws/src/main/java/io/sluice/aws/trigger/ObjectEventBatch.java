package io.sluice.aws.trigger;

import io.sluice.aws.lambda.SqsBatchFunction;
import io.sluice.aws.lambda.SqsRecord;
import io.sluice.functions.trigger.object.ObjectTrigger;
import io.sluice.functions.trigger.object.RejectionReason;
import io.sluice.functions.trigger.object.TriggerReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One message of the {@code object-trigger} queue: done when its storage event was handled, or when a start failed for
 * good. A body that is not a storage event at all (not JSON, or JSON of no known event shape: a misrouted message, a
 * test harness writing to the wrong queue) is not acknowledged: it is reported as a batch item failure with one log line
 * naming the message and why, so SQS moves it to the queue's dead-letter queue after {@code maxReceiveCount} receives
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-dead-letter-queues.html), where the
 * dead-letter alarm sees it. Before, such a message was deleted without a word.
 */
public final class ObjectEventBatch implements SqsBatchFunction.RecordHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ObjectEventBatch.class);

    private final ObjectTrigger trigger;

    public ObjectEventBatch(ObjectTrigger trigger) {
        this.trigger = trigger;
    }

    @Override
    public boolean handle(SqsRecord record) {
        TriggerReport report = trigger.apply(record.body());
        for (TriggerReport.Rejected r : report.rejected()) {
            if (notAnEvent(r.reason())) {
                // The parser's sentence, as ObjectTrigger logs it: the body itself stays out of the log.
                LOG.warn("object-trigger.not-a-storage-event message={} queue={} receiveCount={} reason={} detail=\"{}\": left on the"
                                + " queue, so SQS dead-letters it after maxReceiveCount receives",
                        record.messageId(), record.queueName(), record.receiveCount(), r.reason().code(), r.detail());
                return false;
            }
        }
        return !report.retryable();
    }

    private static boolean notAnEvent(RejectionReason reason) {
        return reason == RejectionReason.MALFORMED_JSON || reason == RejectionReason.UNKNOWN_FORMAT;
    }
}
