package io.sluice.aws.localstack;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.contract.TaskQueueContract;

/** The TaskQueue contract on LocalStack's SQS, FIFO queues ({@code SLUICE_TEST_AWS_ENDPOINT}); skipped, saying why, without one. */
class LocalStackSqsTaskQueueTest extends TaskQueueContract {
    @Override
    protected TaskQueue createQueue() {
        return LocalStackResources.queue();
    }
}
