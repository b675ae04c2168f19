package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionLinks;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RScript;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Execution links in Redis: per child a string {@code P:link:<child>} holding the link as JSON, set
 * once; per parent a set {@code P:links:<parent>} of its children. Both are written by one script and
 * dropped at the link's expiry.
 */
public final class RedisExecutionLinks implements ExecutionLinks {
    private static final LuaScript PUT = LuaScript.load("link-put");
    private static final LuaScript CHILDREN = LuaScript.load("link-children");

    private final RedissonClient redisson;
    private final RScript script;
    private final KeyPrefix prefix;

    public RedisExecutionLinks(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = redisson.getScript(StringCodec.INSTANCE);
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Link link(Link link, Instant expiresAt) {
        String stored = PUT.run(script, ReturnType.VALUE, List.of(prefix.key("link:" + link.child()),
                prefix.key("links:" + link.parentExecutionId())), encode(link), Long.toString(expiresAt.toEpochMilli()), link.child());
        return decode(stored);
    }

    @Override
    public Optional<Link> parentOf(String child) {
        String stored = redisson.<String>getBucket(prefix.key("link:" + child), StringCodec.INSTANCE).get();
        return Optional.ofNullable(stored).map(RedisExecutionLinks::decode);
    }

    @Override
    public List<Link> childrenOf(String parentExecutionId) {
        List<String> stored = CHILDREN.run(script, ReturnType.MULTI, List.of(prefix.key("links:" + parentExecutionId)),
                prefix.key("link:"));
        return stored.stream().map(RedisExecutionLinks::decode).toList();
    }

    private static String encode(Link link) {
        return Json.write(Json.object().put("child", link.child()).put("parent", link.parentExecutionId())
                .put("token", link.parentToken()).put("kind", link.kind().name()).put("arn", link.arn()));
    }

    private static Link decode(String text) {
        JsonNode o = Json.parse(text);
        return new Link(o.get("child").asText(), o.get("parent").asText(), o.get("token").asText(), Kind.valueOf(o.get("kind").asText()),
                o.path("arn").asText(null));
    }
}
