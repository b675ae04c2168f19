package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionSummary;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The definition hashes a shard's stubs keep by number ({@code lua/execution-stub.lua}: a number of a few digits instead
 * of a 71-character hash), read back for a listing; a load reads them in its script ({@code lua/lib/load.lua}). A number
 * never changes its hash, so what was read once is kept.
 */
final class DefinitionNumbers {
    private final RedissonClient redisson;
    private final ExecutionKeys keys;
    private final Map<String, String> known = new ConcurrentHashMap<>();

    DefinitionNumbers(RedissonClient redisson, ExecutionKeys keys) {
        this.redisson = redisson;
        this.keys = keys;
    }

    /**
     * The summary of {@code executionId} from the {@link SummaryFields#LISTED} fields of its hash, a stub's definition
     * hash read from its number; null as {@link SummaryFields#read} answers it.
     */
    ExecutionSummary summary(String executionId, Map<String, String> hash) {
        String number = hash.get(SummaryFields.STUB_DEFINITION);
        if (number == null || number.isEmpty() || hash.get("definitionHash") != null) {
            return SummaryFields.read(executionId, hash::get);
        }
        String definition = hash(keys.shardOf(executionId), number);
        return SummaryFields.read(executionId, field -> field.equals("definitionHash") ? definition : hash.get(field));
    }

    /** The definition hash numbered {@code number} in {@code shard}, or null if it has none. */
    String hash(int shard, String number) {
        String known = this.known.get(shard + ":" + number);
        if (known != null) {
            return known;
        }
        String hash = redisson.<String, String>getMap(keys.definitionNumbers(shard), StringCodec.INSTANCE).get(number);
        if (hash != null) {
            this.known.put(shard + ":" + number, hash);
        }
        return hash;
    }
}
