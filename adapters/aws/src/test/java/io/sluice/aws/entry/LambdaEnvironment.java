package io.sluice.aws.entry;

import io.sluice.redis.RedisAdapters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.redisson.api.options.KeysScanOptions;

/**
 * What an entry-point test sets around a {@code FunctionInvoker}: the system properties a Lambda's
 * environment would carry (restored afterwards), and the Redis keys its invocations leave under the
 * test's own prefix (deleted afterwards).
 */
final class LambdaEnvironment {
    private final Map<String, String> saved = new HashMap<>();

    void set(String key, String value) {
        saved.putIfAbsent(key, System.getProperty(key));
        System.setProperty(key, value);
    }

    /**
     * The deployment's state and queues, as the Terraform module sets them for every function: Redis at {@code redisUrl}
     * under {@code keyPrefix}, the SQS queues of ElasticMQ at {@code sqsEndpoint} under the same prefix, in its region.
     */
    void stack(String redisUrl, String keyPrefix, String sqsEndpoint) {
        set("sluice.redis-url", redisUrl);
        set("sluice.redis-key-prefix", keyPrefix);
        set("sluice.sqs-endpoint", sqsEndpoint);
        set("sluice.queue-prefix", keyPrefix);
        set("sluice.region", io.sluice.testkit.sqs.ElasticMqServer.REGION);
    }

    /** Takes {@code key} out of the environment (restored afterwards too). */
    void clear(String key) {
        saved.putIfAbsent(key, System.getProperty(key));
        System.clearProperty(key);
    }

    /** Restores every property {@link #set} changed, and deletes the keys under {@code keyPrefix} then closes {@code redis}, if any. */
    void restore(RedisAdapters redis, String keyPrefix) {
        saved.forEach((k, v) -> {
            if (v == null) System.clearProperty(k);
            else System.setProperty(k, v);
        });
        saved.clear();
        if (redis != null) {
            List<String> keys = new ArrayList<>();
            redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(keyPrefix + ":*")).forEach(keys::add);
            if (!keys.isEmpty()) redis.redisson().getKeys().delete(keys.toArray(String[]::new));
            redis.close();
        }
    }
}
