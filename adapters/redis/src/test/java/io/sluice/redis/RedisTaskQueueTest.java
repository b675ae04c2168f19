package io.sluice.redis;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.contract.TaskQueueContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The TaskQueue contract on a real Redis server; each test instance has its own key prefix. */
class RedisTaskQueueTest extends TaskQueueContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("queue");
    private RedisTaskQueue queue;

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected TaskQueue createQueue() {
        queue = new RedisTaskQueue(redisson, prefix, 3);
        return queue;
    }

    @AfterEach
    void deleteKeys() {
        queue.close();
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
