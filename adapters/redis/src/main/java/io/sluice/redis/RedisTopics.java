package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RStream;
import org.redisson.api.RedissonClient;
import org.redisson.api.StreamMessageId;
import org.redisson.client.codec.StringCodec;

/**
 * The local topics: one capped Redis stream per (namespace, kind, name), {@code P:topic:{ns|kind|name}},
 * holding the last {@code cap} messages or so ({@code XADD MAXLEN ~}). A message's id is remembered for
 * {@code receiptTtl} ({@code P:topic-receipt:{ns|kind|name}:<id>}), so publishing it again within that time
 * returns the first receipt; one Lua script does both, so ten racing publishers of one id add one message.
 * Anything that can read a Redis stream (tests, the console, a webhook forwarder) reads a topic.
 */
public final class RedisTopics implements Publisher {
    private static final LuaScript PUBLISH = LuaScript.load("topic-publish");

    private final RedissonClient redisson;
    private final Scripts scripts;
    private final KeyPrefix prefix;
    private final long cap;
    private final Duration receiptTtl;

    public RedisTopics(RedissonClient redisson, String keyPrefix, long cap, Duration receiptTtl) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.scripts = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
        this.cap = cap;
        this.receiptTtl = receiptTtl;
    }

    /** Topics of 10,000 messages, receipts kept a week. */
    public RedisTopics(RedissonClient redisson, String keyPrefix) {
        this(redisson, keyPrefix, 10_000, Duration.ofDays(7));
    }

    private static String tag(String namespace, Target target) {
        String tag = namespace + "|" + target.kind().name().toLowerCase() + "|" + target.name();
        if (tag.indexOf('{') >= 0 || tag.indexOf('}') >= 0) {
            throw new IllegalArgumentException("a topic's namespace and name hold no '{' or '}'");
        }
        return "{" + tag + "}";
    }

    /** The stream that holds a target's messages. */
    public String streamKey(String namespace, Target target) {
        return prefix.key("topic:" + tag(namespace, target));
    }

    @Override
    public Published publish(String namespace, Target target, Message message) {
        String tag = tag(namespace, target);
        String attributes = Json.write(Json.MAPPER.valueToTree(new LinkedHashMap<>(message.attributes())));
        List<Object> keys = List.of(prefix.key("topic:" + tag), prefix.key("topic-receipt:" + tag + ":" + message.id()));
        String position = PUBLISH.run(scripts, ReturnType.VALUE, keys,
                message.id(), message.body(), attributes, String.valueOf(cap), String.valueOf(receiptTtl.toSeconds()));
        return new Published(message.id(), position);
    }

    @Override
    public List<Delivered> read(String namespace, Target target, String after, int max) {
        RStream<String, String> stream = redisson.getStream(streamKey(namespace, target), StringCodec.INSTANCE);
        StreamMessageId from = after == null ? StreamMessageId.MIN : next(after);
        Map<StreamMessageId, Map<String, String>> entries = stream.range(max, from, StreamMessageId.MAX);
        List<Delivered> out = new ArrayList<>();
        entries.forEach((id, fields) -> {
            Map<String, String> attributes = new LinkedHashMap<>();
            JsonNode a = Json.parse(fields.getOrDefault("attributes", "{}"));
            a.fields().forEachRemaining(e -> attributes.put(e.getKey(), e.getValue().asText()));
            out.add(new Delivered(id.toString(), new Message(fields.get("id"), fields.get("body"), attributes)));
        });
        return out;
    }

    private static StreamMessageId next(String position) {
        String[] parts = position.split("-");
        return new StreamMessageId(Long.parseLong(parts[0]), Long.parseLong(parts[1]) + 1);
    }
}
