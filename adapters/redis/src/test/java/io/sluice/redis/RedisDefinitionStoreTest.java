package io.sluice.redis;

import io.sluice.orchestration.port.DefinitionStore;
import io.sluice.testkit.contract.DefinitionStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The DefinitionStore contract on a real Redis server; each test instance has its own key prefix. */
class RedisDefinitionStoreTest extends DefinitionStoreContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("def");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected DefinitionStore createStore() {
        return new RedisDefinitionStore(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
