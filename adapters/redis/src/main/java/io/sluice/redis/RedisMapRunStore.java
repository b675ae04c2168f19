package io.sluice.redis;

import io.sluice.orchestration.port.MapRunStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RScript.Mode;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.ByteArrayCodec;
import org.redisson.client.codec.StringCodec;

/**
 * Map runs in Redis, four keys per run under one hash tag: {@code P:maprun:{id}:rec} (a hash of the
 * record, its version and expiry), {@code :ended} (a bitmap, one bit per child), {@code :count} (a hash of
 * succeeded and failed) and {@code :out} (a hash of kept outcomes by child index). A child's end is one
 * script (bit, count and outcome together), so a redelivered completion changes nothing: about one bit
 * and no key per durable child.
 */
public final class RedisMapRunStore implements MapRunStore {
    private static final LuaScript CREATE = LuaScript.load("maprun-create");
    private static final LuaScript UPDATE = LuaScript.load("maprun-update");
    private static final LuaScript FINISH = LuaScript.load("maprun-finish");

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;

    public RedisMapRunStore(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
    }

    private String key(String runId, String part) {
        if (runId.indexOf('{') >= 0 || runId.indexOf('}') >= 0) {
            throw new IllegalArgumentException("a map run id holds no braces; got '" + runId + "'");
        }
        return prefix.key("maprun:{" + runId + "}:" + part);
    }

    @Override
    public Versioned create(String runId, String record, Instant expiresAt) {
        List<String> stored = CREATE.run(script, ReturnType.MULTI, List.of(key(runId, "rec")), record,
                Long.toString(expiresAt.toEpochMilli()));
        return new Versioned(stored.get(0), Long.parseLong(stored.get(1)));
    }

    @Override
    public Optional<Versioned> load(String runId) {
        Map<String, String> rec = redisson.<String, String>getMap(key(runId, "rec"), StringCodec.INSTANCE).getAll(
                java.util.Set.of("record", "version"));
        if (rec.get("record") == null) {
            return Optional.empty();
        }
        return Optional.of(new Versioned(rec.get("record"), Long.parseLong(rec.get("version"))));
    }

    @Override
    public boolean update(String runId, long expectedVersion, String record) {
        Long done = UPDATE.run(script, ReturnType.INTEGER, List.of(key(runId, "rec")), Long.toString(expectedVersion), record);
        return done != null && done == 1L;
    }

    @Override
    public Finish finish(String runId, long index, boolean succeeded, String outcome) {
        List<Long> r = FINISH.run(script, ReturnType.MULTI, List.of(key(runId, "rec"), key(runId, "ended"), key(runId, "count"),
                key(runId, "out")), Long.toString(index), succeeded ? "s" : "f", outcome == null ? "" : outcome);
        return new Finish(r.get(0) == 1L, new Counts(r.get(1), r.get(2)));
    }

    @Override
    public Counts counts(String runId) {
        Map<String, String> c = redisson.<String, String>getMap(key(runId, "count"), StringCodec.INSTANCE).getAll(java.util.Set.of("s", "f"));
        return new Counts(Long.parseLong(c.getOrDefault("s", "0")), Long.parseLong(c.getOrDefault("f", "0")));
    }

    @Override
    public BitSet ended(String runId, long from, long to) {
        BitSet out = new BitSet();
        if (to <= from) {
            return out;
        }
        long firstByte = from / 8;
        long lastByte = (to - 1) / 8;
        byte[] bytes = redisson.getScript(ByteArrayCodec.INSTANCE).eval(Mode.READ_ONLY,
                "return redis.call('GETRANGE', KEYS[1], ARGV[1], ARGV[2])", ReturnType.VALUE, List.of(key(runId, "ended")),
                Long.toString(firstByte).getBytes(StandardCharsets.US_ASCII), Long.toString(lastByte).getBytes(StandardCharsets.US_ASCII));
        if (bytes == null) {
            return out;
        }
        for (long bit = from; bit < to; bit++) {
            long b = bit / 8 - firstByte;
            if (b < bytes.length && (bytes[(int) b] & (0x80 >> (bit % 8))) != 0) {
                out.set((int) (bit - from));
            }
        }
        return out;
    }

    @Override
    public Map<Long, String> outcomes(String runId, long from, long to) {
        Map<Long, String> out = new LinkedHashMap<>();
        if (to <= from) {
            return out;
        }
        List<Object> fields = new ArrayList<>();
        for (long i = from; i < to; i++) {
            fields.add(Long.toString(i));
        }
        List<Object> values = redisson.getScript(StringCodec.INSTANCE).eval(Mode.READ_ONLY, "return redis.call('HMGET', KEYS[1], unpack(ARGV))", ReturnType.MULTI,
                List.of(key(runId, "out")), fields.toArray());
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null) {
                out.put(from + i, values.get(i).toString());
            }
        }
        return out;
    }

    @Override
    public void delete(String runId) {
        redisson.getKeys().delete(key(runId, "rec"), key(runId, "ended"), key(runId, "count"), key(runId, "out"));
    }
}
