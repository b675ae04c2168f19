package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RuleStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Rules in one Redis hash ({@code P:rules}), the change record in a capped list ({@code P:rules:changes},
 * newest first, the last {@value #KEPT_CHANGES}) and a version counter ({@code P:rules:version}), each
 * change one script so the rule, its record and the version move together. On Redis Cluster the three
 * carry one hash tag ({@code P:{P:rules}:}, {@code P:{P:rules}:changes}, {@code P:{P:rules}:version};
 * {@link KeyPrefix#family}) so that script stays in one slot.
 */
public final class RedisRuleStore implements RuleStore {
    static final int KEPT_CHANGES = 10_000;
    private static final String PUT = """
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
            redis.call('LPUSH', KEYS[2], ARGV[3])
            redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[4]) - 1)
            return redis.call('INCR', KEYS[3])""";
    private static final String REMOVE = """
            if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
            redis.call('LPUSH', KEYS[2], ARGV[2])
            redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[3]) - 1)
            redis.call('INCR', KEYS[3])
            return 1""";

    private final RedissonClient redisson;
    private final String rules;
    private final String changes;
    private final String version;

    public RedisRuleStore(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        KeyPrefix prefix = new KeyPrefix(keyPrefix);
        boolean cluster = redisson.getConfig().isClusterConfig();
        // One node keeps the names rules had before Cluster (P:rules, P:rules:changes, P:rules:version).
        String stem = prefix.family("rules", cluster);
        this.rules = cluster ? stem : prefix.key("rules");
        this.changes = stem + "changes";
        this.version = stem + "version";
    }

    @Override
    public Map<String, String> all() {
        return new TreeMap<>(redisson.<String, String>getMap(rules, StringCodec.INSTANCE).readAllMap());
    }

    @Override
    public void put(String id, String rule, Change change) {
        redisson.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_WRITE, PUT, RScript.ReturnType.INTEGER, keys(),
                id, rule, encode(change), String.valueOf(KEPT_CHANGES));
    }

    @Override
    public boolean remove(String id, Change change) {
        Long removed = redisson.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_WRITE, REMOVE, RScript.ReturnType.INTEGER, keys(),
                id, encode(change), String.valueOf(KEPT_CHANGES));
        return removed != null && removed == 1;
    }

    @Override
    public List<Change> changes(int limit) {
        if (limit <= 0) {
            return List.of();
        }
        List<String> raw = redisson.<String>getList(changes, StringCodec.INSTANCE).range(0, limit - 1);
        List<Change> out = new ArrayList<>(raw.size());
        for (String line : raw) {
            JsonNode o = Json.parse(line);
            out.add(new Change(Instant.parse(o.get("at").asText()), o.get("action").asText(), o.get("ruleId").asText(),
                    o.get("author").asText(), o.path("rule").isNull() || o.path("rule").isMissingNode() ? null : o.get("rule").asText()));
        }
        return out;
    }

    @Override
    public long version() {
        String v = redisson.<String>getBucket(version, StringCodec.INSTANCE).get();
        return v == null ? 0 : Long.parseLong(v);
    }

    private List<Object> keys() {
        return List.of(rules, changes, version);
    }

    private static String encode(Change c) {
        ObjectNode o = Json.object().put("at", c.at().toString()).put("action", c.action()).put("ruleId", c.ruleId())
                .put("author", c.author());
        if (c.rule() != null) {
            o.put("rule", c.rule());
        }
        return Json.write(o);
    }
}
