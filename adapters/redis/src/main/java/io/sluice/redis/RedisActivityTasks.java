package io.sluice.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ActivityTasks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RBlockingQueue;
import org.redisson.api.RMap;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Activities in Redis: the hash {@code P:activities} (name → creation instant), and per activity the list
 * {@code P:activity:<name>:tasks} of waiting tasks ({@code {"token", "input"}}), taken with a blocking pop; a dispatch
 * id is remembered in {@code P:activity:<name>:sent:<id>} for a day so that a resent outbox queues no second task. When a
 * worker took a task is kept in {@code P:activity-taken:<sha-256 of its token>} ({@code {"at", "worker"}}) for 90 days,
 * as long as the service keeps a closed execution's history; the key names a hash, never the token.
 */
public final class RedisActivityTasks implements ActivityTasks {
    private static final Duration SENT_KEPT = Duration.ofDays(1);
    private static final Duration TAKEN_KEPT = Duration.ofDays(90);
    private final RedissonClient redisson;
    private final KeyPrefix prefix;

    public RedisActivityTasks(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.prefix = new KeyPrefix(keyPrefix);
    }

    private RMap<String, String> activities() {
        return redisson.getMap(prefix.key("activities"), StringCodec.INSTANCE);
    }

    private RBlockingQueue<String> tasks(String activity) {
        return redisson.getBlockingQueue(prefix.key("activity:" + activity + ":tasks"), StringCodec.INSTANCE);
    }

    @Override
    public Activity create(String name, Instant now) {
        String before = activities().putIfAbsent(name, now.toString());
        return new Activity(name, before == null ? now : Instant.parse(before));
    }

    @Override
    public Optional<Activity> find(String name) {
        String created = activities().get(name);
        return created == null ? Optional.empty() : Optional.of(new Activity(name, Instant.parse(created)));
    }

    @Override
    public List<Activity> list() {
        List<Activity> out = new ArrayList<>();
        for (Map.Entry<String, String> e : activities().readAllEntrySet()) {
            out.add(new Activity(e.getKey(), Instant.parse(e.getValue())));
        }
        out.sort((a, b) -> a.name().compareTo(b.name()));
        return out;
    }

    @Override
    public boolean delete(String name) {
        boolean existed = activities().fastRemove(name) > 0;
        tasks(name).delete();
        return existed;
    }

    @Override
    public boolean enqueue(String activity, String id, Task task) {
        if (!activities().containsKey(activity)) {
            return false;
        }
        boolean first = redisson.<String>getBucket(prefix.key("activity:" + activity + ":sent:" + id), StringCodec.INSTANCE)
                .setIfAbsent("1", SENT_KEPT);
        if (first) {
            ObjectNode o = Json.object();
            o.put("token", task.token()).put("input", task.input());
            tasks(activity).add(Json.write(o));
        }
        return true;
    }

    @Override
    public Optional<Task> poll(String activity, Duration wait) {
        String next;
        try {
            next = wait.isZero() ? tasks(activity).poll() : tasks(activity).poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        if (next == null) {
            return Optional.empty();
        }
        JsonNode o = Json.parse(next);
        return Optional.of(new Task(o.path("token").asText(), o.path("input").asText()));
    }

    @Override
    public void taken(String token, Taken taken) {
        ObjectNode o = Json.object();
        o.put("at", taken.at().toString());
        if (taken.worker() != null) {
            o.put("worker", taken.worker());
        }
        takenBucket(token).set(Json.write(o), TAKEN_KEPT);
    }

    @Override
    public Optional<Taken> takenOf(String token) {
        String text = takenBucket(token).get();
        if (text == null) {
            return Optional.empty();
        }
        JsonNode o = Json.parse(text);
        return Optional.of(new Taken(Instant.parse(o.path("at").asText()), o.hasNonNull("worker") ? o.get("worker").asText() : null));
    }

    private org.redisson.api.RBucket<String> takenBucket(String token) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(token.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return redisson.getBucket(prefix.key("activity-taken:" + java.util.HexFormat.of().formatHex(digest)), StringCodec.INSTANCE);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
