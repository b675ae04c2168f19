package io.sluice.cli.chaos;

import io.sluice.functions.hibernate.HibernatingStore;
import io.sluice.orchestration.port.ObjectStore;
import java.util.List;
import java.util.Optional;
import org.redisson.api.RedissonClient;

/**
 * The drill's object store, counting in Redis each sleep object written (an execution put to sleep, by any node), so the
 * report can say how many sleeps the kills met; everything else is the store's own.
 */
final class SleepCounting implements ObjectStore {
    private final ObjectStore store;
    private final RedissonClient redis;
    private final String prefix;

    private SleepCounting(ObjectStore store, RedissonClient redis, String prefix) {
        this.store = store;
        this.redis = redis;
        this.prefix = prefix;
    }

    static ObjectStore over(ObjectStore store, RedissonClient redis, String prefix) {
        return new SleepCounting(store, redis, prefix);
    }

    /** How many sleep objects the drill's nodes wrote. */
    static long sleeps(RedissonClient redis, String prefix) {
        return redis.getAtomicLong(key(prefix)).get();
    }

    private static String key(String prefix) {
        return prefix + ":chaos:sleeps";
    }

    @Override
    public void put(String key, byte[] content) {
        store.put(key, content);
        if (key.startsWith(HibernatingStore.PREFIX)) {
            redis.getAtomicLong(key(prefix)).incrementAndGet(); // after the write: a node killed in between is one sleep uncounted
        }
    }

    @Override
    public Optional<byte[]> get(String key) {
        return store.get(key);
    }

    @Override
    public List<ObjectInfo> list(String prefix, String startAfter, int max) {
        return store.list(prefix, startAfter, max);
    }

    @Override
    public boolean delete(String key) {
        return store.delete(key);
    }
}
