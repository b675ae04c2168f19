package io.sluice.aws.sqs;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.contract.TaskQueueContract;
import io.sluice.testkit.sqs.ElasticMqServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The TaskQueue contract against a real SQS protocol server: ElasticMQ in this JVM, queues created on first use. */
class SqsTaskQueueTest extends TaskQueueContract {
    private static ElasticMqServer server;
    private static SqsTaskQueue queue;

    @BeforeAll
    static void startServer() {
        server = ElasticMqServer.start();
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, 3));
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
