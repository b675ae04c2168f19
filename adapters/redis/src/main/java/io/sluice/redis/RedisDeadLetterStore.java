package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;
import io.sluice.orchestration.port.DeadLetterStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.redisson.api.RMap;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * {@link DeadLetterStore} in Redis, one hash tag per tenant: {@code P:dlq:{P:dlq:<tenant>}:meta} (a hash of letter id
 * to {@code count|first ms|last ms|queue}), {@code :letters} (a hash of letter id to the message as JSON) and
 * {@code :order} (a sorted set of letter ids by last seen). Recording and the bound are one Lua script
 * ({@code lua/dead-letter-record.lua}), so two handlers recording the same message count it twice, never lose it.
 * A tenant name is the runtime's (from the tenants file), never a caller's; the platform's own letters are under
 * {@code ~}, which no tenant name can be.
 */
public final class RedisDeadLetterStore implements DeadLetterStore {
    /** The letters kept per tenant by default; each holds at most the body its handler kept (16 KiB). */
    public static final int DEFAULT_BOUND = 1000;
    private static final LuaScript RECORD = LuaScript.load("dead-letter-record");
    private static final LuaScript REMOVE = LuaScript.load("dead-letter-remove");
    private static final Pattern TENANT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,127}");
    private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");
    /**
     * The format of a kept letter ({@code :letters}): version 1 was written without {@code "v"}; version 2 adds
     * {@code "v": 2} first. A letter of a version this build does not read is refused with {@link WireVersion.Unsupported}.
     */
    static final WireVersion FORMAT = new WireVersion("dead letter", 2, true);

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;
    private final int bound;

    public RedisDeadLetterStore(RedissonClient redisson, String keyPrefix) {
        this(redisson, keyPrefix, DEFAULT_BOUND);
    }

    public RedisDeadLetterStore(RedissonClient redisson, String keyPrefix, int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("bound must be 1 or more, but was " + bound);
        }
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
        this.bound = bound;
    }

    private List<Object> keys(String tenant) {
        String stem = stem(tenant);
        return List.of(stem + "meta", stem + "letters", stem + "order");
    }

    private String stem(String tenant) {
        String t = tenant == null ? "~" : tenant;
        if (tenant != null && !TENANT.matcher(tenant).matches()) {
            throw new IllegalArgumentException("a tenant name of letters, digits, '_', '.' and '-' (at most 128), but was '" + tenant + "'");
        }
        return prefix.key("dlq:{" + prefix.value() + ":dlq:" + t + "}:");
    }

    private RMap<String, String> meta(String tenant) {
        return redisson.getMap(stem(tenant) + "meta", StringCodec.INSTANCE);
    }

    private RMap<String, String> letters(String tenant) {
        return redisson.getMap(stem(tenant) + "letters", StringCodec.INSTANCE);
    }

    private RScoredSortedSet<String> order(String tenant) {
        return redisson.getScoredSortedSet(stem(tenant) + "order", StringCodec.INSTANCE);
    }

    @Override
    public DeadLetter record(String tenant, NewLetter letter, Instant at) {
        if (!ID.matcher(letter.id()).matches()) {
            throw new IllegalArgumentException("a letter id of 32 hex digits, but was '" + letter.id() + "'");
        }
        List<Object> answer = RECORD.run(script, ReturnType.MULTI, keys(tenant), letter.id(), letter.queue(), Long.toString(at.toEpochMilli()),
                encode(letter), Integer.toString(bound));
        return new DeadLetter(letter, number(answer.get(0)).intValue(), Instant.ofEpochMilli(number(answer.get(1)).longValue()),
                Instant.ofEpochMilli(number(answer.get(2)).longValue()));
    }

    @Override
    public List<QueueSummary> queues(String tenant) {
        Map<String, long[]> byQueue = new TreeMap<>();
        for (String m : meta(tenant).readAllValues()) {
            Meta parsed = Meta.parse(m);
            long[] s = byQueue.computeIfAbsent(parsed.queue(), q -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
            s[0]++;
            s[1] = Math.min(s[1], parsed.first());
            s[2] = Math.max(s[2], parsed.last());
        }
        List<QueueSummary> out = new ArrayList<>();
        byQueue.forEach((q, s) -> out.add(new QueueSummary(q, s[0], Instant.ofEpochMilli(s[1]), Instant.ofEpochMilli(s[2]))));
        return out;
    }

    @Override
    public List<DeadLetter> list(String tenant, String queue, int from, int limit) {
        if (from < 0 || limit < 1) {
            throw new IllegalArgumentException("from must be 0 or more and limit 1 or more, but were " + from + " and " + limit);
        }
        Collection<String> newestFirst = order(tenant).valueRangeReversed(0, -1);
        List<String> ids;
        if (queue == null) {
            ids = newestFirst.stream().skip(from).limit(limit).toList();
        } else {
            Map<String, String> all = meta(tenant).readAllMap();
            ids = newestFirst.stream().filter(id -> all.containsKey(id) && Meta.parse(all.get(id)).queue().equals(queue))
                    .skip(from).limit(limit).toList();
        }
        if (ids.isEmpty()) {
            return List.of();
        }
        java.util.Set<String> wanted = new java.util.LinkedHashSet<>(ids);
        Map<String, String> metas = meta(tenant).getAll(wanted);
        Map<String, String> bodies = letters(tenant).getAll(wanted);
        List<DeadLetter> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            if (metas.containsKey(id) && bodies.containsKey(id)) {
                out.add(letter(metas.get(id), bodies.get(id)));
            }
        }
        return out;
    }

    @Override
    public Optional<DeadLetter> find(String tenant, String id) {
        if (id == null || !ID.matcher(id).matches()) {
            return Optional.empty();
        }
        Map<String, String> m = meta(tenant).getAll(java.util.Set.of(id));
        String body = letters(tenant).get(id);
        return m.containsKey(id) && body != null ? Optional.of(letter(m.get(id), body)) : Optional.empty();
    }

    @Override
    public boolean remove(String tenant, String id) {
        if (id == null || !ID.matcher(id).matches()) {
            return false;
        }
        Long removed = REMOVE.run(script, ReturnType.INTEGER, keys(tenant), id);
        return removed != null && removed == 1L;
    }

    private static DeadLetter letter(String meta, String json) {
        Meta m = Meta.parse(meta);
        return new DeadLetter(decode(json), m.count(), Instant.ofEpochMilli(m.first()), Instant.ofEpochMilli(m.last()));
    }

    static String encode(NewLetter l) {
        ObjectNode o = FORMAT.stamp().put("id", l.id()).put("queue", l.queue()).put("messageId", l.messageId())
                .put("executionId", l.executionId()).put("body", l.body()).put("complete", l.complete()).put("error", l.error());
        ObjectNode attributes = o.putObject("attributes");
        new TreeMap<>(l.attributes()).forEach(attributes::put);
        return Json.write(o);
    }

    static NewLetter decode(String json) {
        JsonNode o = Json.parse(json);
        FORMAT.check(o);
        Map<String, String> attributes = new LinkedHashMap<>();
        o.path("attributes").fields().forEachRemaining(e -> attributes.put(e.getKey(), e.getValue().asText()));
        return new NewLetter(o.get("id").asText(), o.get("queue").asText(), text(o, "messageId"), text(o, "executionId"), text(o, "body"),
                attributes, o.path("complete").asBoolean(), text(o, "error"));
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static Number number(Object o) {
        return o instanceof Number n ? n : Long.parseLong(String.valueOf(o));
    }

    private record Meta(int count, long first, long last, String queue) {
        static Meta parse(String text) {
            String[] p = text.split("\\|", 4);
            return new Meta(Integer.parseInt(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]), p[3]);
        }
    }
}
