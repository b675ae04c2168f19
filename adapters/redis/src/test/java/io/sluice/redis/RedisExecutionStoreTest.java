package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.testkit.contract.ExecutionStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The ExecutionStore contract on a real Redis server; each test instance has its own key prefix. */
class RedisExecutionStoreTest extends ExecutionStoreContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("exec");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected ExecutionStore createStore() {
        return new RedisExecutionStore(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
