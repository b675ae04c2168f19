package io.sluice.cli.demo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * What each finished execution of a run holds in Redis: {@code MEMORY USAGE} (every element counted)
 * of its own keys, the execution hash, its history list and its outbox. The index entries, a few
 * dozen bytes each, are shared sets and not counted here; {@code sluice bench retention} counts them.
 */
public final class ExecutionFootprint {
    private ExecutionFootprint() {}

    /** Per pipeline, the bytes its execution holds; {@code executions} maps pipeline to execution id. */
    public static Map<String, Long> bytes(RedissonClient redis, String keyPrefix, Map<String, String> executions) {
        RScript script = redis.getScript(StringCodec.INSTANCE);
        Map<String, Long> out = new LinkedHashMap<>();
        executions.forEach((pipeline, id) -> {
            String hash = keyPrefix + ":exec:{" + id + "}";
            long total = 0;
            for (String key : List.of(hash, hash + ":history", hash + ":outbox")) {
                Long bytes = script.eval(RScript.Mode.READ_ONLY, "return redis.call('MEMORY', 'USAGE', KEYS[1], 'SAMPLES', '0')",
                        RScript.ReturnType.INTEGER, List.of(key));
                total += bytes == null ? 0 : bytes;
            }
            out.put(pipeline, total);
        });
        return out;
    }
}
