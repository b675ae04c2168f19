package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LineageLog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Lineage in Redis: per dataset, a sorted set of its uses ({@code P:lineage:{dataset}}, each member the
 * use as JSON, scored by its time), so a replayed use is one member, and the uses of a dataset are read
 * newest first without a scan; at most {@value #KEPT} uses are kept per dataset. Per pipeline, the set of datasets
 * its runs wrote ({@code P:lineage-writes:{pipeline}}), for what is downstream of a pipeline.
 */
public final class RedisLineageLog implements LineageLog {
    static final int KEPT = 10_000;

    private final RedissonClient redisson;
    private final KeyPrefix prefix;

    public RedisLineageLog(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public void record(Use use) {
        RScoredSortedSet<String> set = set(use.dataset());
        // The member leaves the time out, so the same use recorded again (a replay) stays one member.
        String member = Json.write(Json.object().put("partition", use.partition()).put("direction", use.direction().name())
                .put("executionId", use.executionId()).put("pipeline", use.pipeline()));
        set.addIfAbsent(use.at().toEpochMilli(), member);
        if (use.direction() == Direction.WRITE) {
            writes(use.pipeline()).add(use.dataset());
        }
        if (set.size() > KEPT) {
            set.removeRangeByRank(0, set.size() - KEPT - 1);
        }
    }

    @Override
    public List<Use> uses(String dataset, String partition, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        Collection<org.redisson.client.protocol.ScoredEntry<String>> entries = set(dataset).entryRangeReversed(0, -1);
        List<Use> out = new ArrayList<>();
        for (var e : entries) {
            JsonNode o = Json.parse(e.getValue());
            String p = o.path("partition").isNull() ? null : o.path("partition").asText(null);
            if (partition != null && !partition.equals(p)) {
                continue;
            }
            out.add(new Use(dataset, p, Direction.valueOf(o.get("direction").asText()), o.get("executionId").asText(),
                    o.get("pipeline").asText(), Instant.ofEpochMilli(e.getScore().longValue())));
            if (out.size() == limit) {
                break;
            }
        }
        out.sort(Comparator.comparing(Use::at).reversed());
        return out;
    }

    @Override
    public List<String> written(String pipeline) {
        return new ArrayList<>(new java.util.TreeSet<>(writes(pipeline).readAll()));
    }

    /** {@code P:lineage-writes:{pipeline}}: the datasets a pipeline's runs wrote. */
    private org.redisson.api.RSet<String> writes(String pipeline) {
        return redisson.getSet(prefix.key("lineage-writes:{" + pipeline + "}"), StringCodec.INSTANCE);
    }

    private RScoredSortedSet<String> set(String dataset) {
        return redisson.getScoredSortedSet(prefix.key("lineage:{" + dataset + "}"), StringCodec.INSTANCE);
    }
}
