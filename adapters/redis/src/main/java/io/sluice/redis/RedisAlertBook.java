package io.sluice.redis;

import io.sluice.orchestration.port.AlertBook;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.redisson.api.RList;
import org.redisson.api.RMap;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.protocol.ScoredEntry;
import org.redisson.client.codec.StringCodec;

/**
 * {@link AlertBook} in Redis, under {@code P:alerts:{P:alerts}:}: {@code deadlines} (a sorted set of incident
 * keys by acknowledgement deadline), {@code pending} and {@code escalations} (hashes by incident key) and
 * {@code digest} (a list). A deadline moves by a Lua script that checks it first ({@code lua/alert-escalate.lua}).
 */
public final class RedisAlertBook implements AlertBook {
    private static final LuaScript ESCALATE = LuaScript.load("alert-escalate");

    private final RedissonClient redisson;
    private final Scripts script;
    private final String stem;

    public RedisAlertBook(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        KeyPrefix prefix = new KeyPrefix(keyPrefix);
        this.stem = prefix.key("alerts:{" + prefix.value() + ":alerts}:");
    }

    private RScoredSortedSet<String> deadlines() {
        return redisson.getScoredSortedSet(stem + "deadlines", StringCodec.INSTANCE);
    }

    private RMap<String, String> pending() {
        return redisson.getMap(stem + "pending", StringCodec.INSTANCE);
    }

    private RMap<String, String> escalations() {
        return redisson.getMap(stem + "escalations", StringCodec.INSTANCE);
    }

    private RList<String> digest() {
        return redisson.getList(stem + "digest", StringCodec.INSTANCE);
    }

    @Override
    public void awaitAck(String incidentKey, String alert, Instant deadline) {
        if (pending().fastPutIfAbsent(incidentKey, alert)) {
            escalations().fastPut(incidentKey, "0");
            deadlines().add(deadline.toEpochMilli(), incidentKey);
        }
    }

    @Override
    public boolean acknowledge(String incidentKey) {
        boolean was = pending().fastRemove(incidentKey) > 0;
        escalations().fastRemove(incidentKey);
        deadlines().remove(incidentKey);
        return was;
    }

    @Override
    public List<Pending> overdue(Instant now, int max) {
        Collection<ScoredEntry<String>> due = deadlines().entryRange(Double.NEGATIVE_INFINITY, true, now.toEpochMilli(), true, 0, max);
        List<Pending> out = new ArrayList<>(due.size());
        for (ScoredEntry<String> e : due) {
            String alert = pending().get(e.getValue());
            if (alert != null) {
                String n = escalations().get(e.getValue());
                out.add(new Pending(e.getValue(), alert, Instant.ofEpochMilli(e.getScore().longValue()), n == null ? 0 : Integer.parseInt(n)));
            }
        }
        return out;
    }

    @Override
    public boolean escalated(String incidentKey, Instant was, Instant next, int escalations) {
        Long moved = ESCALATE.run(script, ReturnType.INTEGER, List.of(stem + "deadlines", stem + "pending", stem + "escalations"),
                incidentKey, Long.toString(was.toEpochMilli()), Long.toString(next.toEpochMilli()), Integer.toString(escalations));
        return moved != null && moved == 1L;
    }

    @Override
    public void giveUp(String incidentKey) {
        acknowledge(incidentKey);
    }

    @Override
    public void addToDigest(String alert) {
        digest().add(alert);
    }

    @Override
    public List<String> takeDigest(int max) {
        List<String> taken = redisson.<String>getDeque(stem + "digest", StringCodec.INSTANCE).poll(max);
        return taken == null ? List.of() : taken;
    }
}
