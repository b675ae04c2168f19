package io.sluice.redis;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.contract.TaskQueueContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The TaskQueue contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisTaskQueueClusterTest extends TaskQueueContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("queue-cluster");
    private RedisTaskQueue queue;

    @Override
    protected TaskQueue createQueue() {
        queue = new RedisTaskQueue(redis.client(), redis.prefix(), 3);
        return queue;
    }

    @AfterEach
    void closeQueue() {
        queue.close();
    }
}
