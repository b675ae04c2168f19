package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionLinks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Execution links in Redis: per child a string {@code P:link:<child>} holding the link as JSON, set
 * once (the first link wins, {@code lua/link-put.lua}); per parent a set {@code P:links:<parent>} of its
 * children ({@code lua/link-add-child.lua}), kept until its latest link's expiry. The two keys are in
 * different Redis Cluster slots, so the parent's set is written apart, before the link, and read as a hint:
 * {@link #childrenOf} returns only the children whose stored link names that parent. A crash between the
 * two steps, or a link that lost to an earlier one, leaves an extra member, never a missing one. The same
 * code on a single node and on Cluster.
 */
public final class RedisExecutionLinks implements ExecutionLinks {
    private static final LuaScript PUT = LuaScript.load("link-put");
    private static final LuaScript ADD_CHILD = LuaScript.load("link-add-child");

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;

    public RedisExecutionLinks(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Link link(Link link, Instant expiresAt) {
        String expiry = Long.toString(expiresAt.toEpochMilli());
        ADD_CHILD.run(script, ReturnType.INTEGER, List.of(prefix.key("links:" + link.parentExecutionId())), link.child(), expiry);
        String stored = PUT.run(script, ReturnType.VALUE, List.of(prefix.key("link:" + link.child())), encode(link), expiry);
        return decode(stored);
    }

    @Override
    public Optional<Link> parentOf(String child) {
        String stored = redisson.<String>getBucket(prefix.key("link:" + child), StringCodec.INSTANCE).get();
        return Optional.ofNullable(stored).map(RedisExecutionLinks::decode);
    }

    /** The members of the parent's set whose link exists and names this parent, read in one batch. */
    @Override
    public List<Link> childrenOf(String parentExecutionId) {
        List<String> members = List.copyOf(redisson.<String>getSet(prefix.key("links:" + parentExecutionId), StringCodec.INSTANCE).readAll());
        if (members.isEmpty()) {
            return List.of();
        }
        RBatch batch = redisson.createBatch();
        List<RFuture<String>> reads = new ArrayList<>(members.size());
        for (String child : members) {
            reads.add(batch.<String>getBucket(prefix.key("link:" + child), StringCodec.INSTANCE).getAsync());
        }
        batch.execute();
        List<Link> links = new ArrayList<>(members.size());
        for (RFuture<String> read : reads) {
            String stored = read.toCompletableFuture().join();
            if (stored != null) {
                Link link = decode(stored);
                if (link.parentExecutionId().equals(parentExecutionId)) {
                    links.add(link);
                }
            }
        }
        return links;
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
