package io.sluice.redis;

import io.sluice.orchestration.port.BackfillStore;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RMap;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/** Backfills in one Redis hash, {@code P:backfills}: id to JSON; a new one by {@code HSETNX}, so two creators of one id make one. */
public final class RedisBackfillStore implements BackfillStore {
    private final RedissonClient redisson;
    private final KeyPrefix prefix;

    public RedisBackfillStore(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.prefix = new KeyPrefix(keyPrefix);
    }

    private RMap<String, String> map() {
        return redisson.getMap(prefix.key("backfills"), StringCodec.INSTANCE);
    }

    @Override
    public boolean create(String id, String json) {
        return map().fastPutIfAbsent(id, json);
    }

    @Override
    public void update(String id, String json) {
        map().fastPut(id, json);
    }

    @Override
    public Optional<String> find(String id) {
        return Optional.ofNullable(map().get(id));
    }
}
