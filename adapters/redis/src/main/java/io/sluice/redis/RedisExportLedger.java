package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExportLedger;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RMap;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The export ledger in Redis: one hash per target, {@code P:export:TARGET}, batch id → the push
 * as JSON. {@code HSETNX} makes the first record win. Entries do not expire: the ledger is the
 * proof that a batch went out.
 */
public final class RedisExportLedger implements ExportLedger {
    private final RedissonClient redisson;
    private final KeyPrefix prefix;

    public RedisExportLedger(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Optional<ExportRecord> find(String target, String batchId) {
        String json = map(target).get(batchId);
        if (json == null) {
            return Optional.empty();
        }
        JsonNode o = Json.parse(json);
        return Optional.of(new ExportRecord(target, batchId, o.path("receipt").asText(), o.path("bytes").asLong(),
                Instant.parse(o.path("pushedAt").asText())));
    }

    @Override
    public boolean record(ExportRecord record) {
        String json = Json.write(Json.object().put("receipt", record.receipt()).put("bytes", record.bytes())
                .put("pushedAt", record.pushedAt().toString()));
        return map(record.target()).fastPutIfAbsent(record.batchId(), json);
    }

    private RMap<String, String> map(String target) {
        return redisson.getMap(prefix.key("export:" + target), StringCodec.INSTANCE);
    }
}
