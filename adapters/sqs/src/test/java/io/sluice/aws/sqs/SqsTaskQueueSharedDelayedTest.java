package io.sluice.aws.sqs;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.contract.TaskQueueContract;
import io.sluice.testkit.sqs.ElasticMqServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The TaskQueue contract on FIFO queues whose delayed messages all wait in one shared standard queue, as the Terraform
 * module deploys them (one {@code <prefix>-delayed} instead of a companion per queue): ElasticMQ in this JVM.
 */
class SqsTaskQueueSharedDelayedTest extends TaskQueueContract {
    private static ElasticMqServer server;
    private static SqsTaskQueue queue;

    @BeforeAll
    static void startServer() {
        server = ElasticMqServer.start();
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, 3).withDelayedQueue("contract-delayed"));
    }

    @AfterAll
    static void stopServer() {
        if (queue != null) {
            queue.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected TaskQueue createQueue() {
        return queue;
    }
}
