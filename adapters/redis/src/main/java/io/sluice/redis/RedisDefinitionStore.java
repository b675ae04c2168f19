package io.sluice.redis;

import io.sluice.orchestration.port.DefinitionStore;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RBucket;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Definitions by content hash: one string key per definition, {@code P:def:{HASH}}, written with
 * SET NX (a hash names one definition forever, so the first write wins and later ones are no-ops).
 */
public final class RedisDefinitionStore implements DefinitionStore {
    private final RedissonClient redisson;
    private final KeyPrefix prefix;

    public RedisDefinitionStore(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public void put(String hash, String definitionJson) {
        bucket(hash).setIfAbsent(Objects.requireNonNull(definitionJson, "definitionJson"));
    }

    @Override
    public Optional<String> get(String hash) {
        return Optional.ofNullable(bucket(hash).get());
    }

    private RBucket<String> bucket(String hash) {
        return redisson.getBucket(prefix.key("def:{" + hash + "}"), StringCodec.INSTANCE);
    }
}
