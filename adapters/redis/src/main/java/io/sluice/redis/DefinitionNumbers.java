package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The definition hashes a shard's stubs keep by number ({@code lua/execution-stub.lua}: a number of a few digits instead
 * of a 71-character hash), written out for a page of a listing with one batched read of the numbers it holds; a load
 * reads them in its own script ({@code lua/lib/load.lua}).
 */
final class DefinitionNumbers {
    private final RedissonClient redisson;
    private final ExecutionKeys keys;

    DefinitionNumbers(RedissonClient redisson, ExecutionKeys keys) {
        this.redisson = redisson;
        this.keys = keys;
    }

    /**
     * The summaries of {@code ids} from the {@link SummaryFields#LISTED} fields of their hashes ({@code hashes}, in the
     * same order), a stub's definition hash read from its number; null where {@link SummaryFields#read} answers null.
     */
    List<ExecutionSummary> summaries(List<String> ids, List<Map<String, String>> hashes) {
        Map<String, RFuture<String>> numbered = new HashMap<>();
        RBatch batch = null;
        for (int i = 0; i < ids.size(); i++) {
            String number = numberOf(hashes.get(i));
            if (number != null) {
                int shard = keys.shardOf(ids.get(i));
                if (batch == null) {
                    batch = redisson.createBatch();
                }
                RBatch reading = batch;
                numbered.computeIfAbsent(shard + ":" + number,
                        k -> reading.<String, String>getMap(keys.definitionNumbers(shard), StringCodec.INSTANCE).getAsync(number));
            }
        }
        if (batch != null) {
            batch.execute();
        }
        List<ExecutionSummary> out = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            Map<String, String> hash = hashes.get(i);
            String number = numberOf(hash);
            String definition = number == null ? null
                    : numbered.get(keys.shardOf(ids.get(i)) + ":" + number).toCompletableFuture().join();
            out.add(SummaryFields.read(ids.get(i), field -> number != null && field.equals("definitionHash") ? definition : hash.get(field)));
        }
        return out;
    }

    /** The number a stub keeps for its definition hash, or null when the hash keeps the definition hash itself. */
    private static String numberOf(Map<String, String> hash) {
        String number = hash.get(SummaryFields.STUB_DEFINITION);
        return number == null || number.isEmpty() || hash.get("definitionHash") != null ? null : number;
    }
}
