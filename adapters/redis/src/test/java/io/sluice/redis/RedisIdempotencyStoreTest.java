package io.sluice.redis;

import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.testkit.contract.IdempotencyStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The IdempotencyStore contract on a real Redis server; each test instance has its own key prefix. */
class RedisIdempotencyStoreTest extends IdempotencyStoreContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("idem");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected IdempotencyStore createStore() {
        return new RedisIdempotencyStore(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
