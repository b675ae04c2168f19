package io.sluice.redis;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.IdempotencyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Task-token claims in Redis: one hash per token, {@code P:idem:TOKEN} with {@code owner},
 * {@code leaseUntil} (epoch ms) and, once completed, {@code result}; a task's token is kept under its
 * execution's hash tag and in the execution's claims set ({@link #tokenKey}, for keys made by
 * {@link IdempotencyStore#taskKey}), and leaves with the execution
 * (a task delivered after that is {@link ClaimResult.Gone}). Every operation is one Lua
 * script on that one key, so it is atomic on a single node and on Cluster alike.
 *
 * <p>Lease decisions compare the caller's {@code now} with the stored {@code leaseUntil}; the
 * server's clock is used only by {@code PEXPIRE}, to drop records: a completed one after its
 * retention, an unfinished one after {@code abandonedClaimExpiry} past its lease (a token whose
 * workers all died and whose message was dead-lettered would otherwise stay forever). A claim
 * that arrives after that expiry finds no record and starts afresh, as a takeover would.
 */
public final class RedisIdempotencyStore implements IdempotencyStore {
    /** How long an unfinished claim outlives its lease by default before Redis drops it. */
    public static final Duration DEFAULT_ABANDONED_CLAIM_EXPIRY = Duration.ofDays(7);

    private static final LuaScript CLAIM = LuaScript.load("idempotency-claim", "lib/stubs", "lib/claim");
    private static final LuaScript EXTEND = LuaScript.load("idempotency-extend");
    static final LuaScript COMPLETE = LuaScript.load("idempotency-complete");
    private static final LuaScript RELEASE = LuaScript.load("idempotency-release");

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;
    private final ExecutionKeys executions;
    /**
     * A task's claim is a field of its execution's hash, this and the rest of the token after the execution id, so the
     * removal finds and deletes the claim keys (execution-remove.lua) and a stub keeps them (execution-stub.lua).
     */
    static final String CLAIM_FIELD = "c";
    private final Duration abandonedClaimExpiry;

    public RedisIdempotencyStore(RedissonClient redisson, String keyPrefix) {
        this(redisson, keyPrefix, DEFAULT_ABANDONED_CLAIM_EXPIRY);
    }

    /**
     * @param keyPrefix            first segment of every key this store writes; no braces
     * @param abandonedClaimExpiry how long after its lease an unfinished claim is kept
     */
    public RedisIdempotencyStore(RedissonClient redisson, String keyPrefix, Duration abandonedClaimExpiry) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
        this.executions = new ExecutionKeys(prefix, Shards.of(redisson, prefix));
        this.abandonedClaimExpiry = positive(abandonedClaimExpiry, "abandonedClaimExpiry");
    }

    @Override
    public ClaimResult claim(String key, String owner, Instant now, Duration lease) {
        Place place = place(key); // once: a claim is on every task's path
        return claimResult(CLAIM.run(script, ReturnType.MULTI, place.keys(), place.args(claimArgs(owner, now, lease))));
    }

    /** The arguments of {@code lib/claim.lua}'s claim after its key: owner, now, lease end, expiry. */
    List<Object> claimArgs(String owner, Instant now, Duration lease) {
        positive(lease, "lease");
        return List.of(owner, millis(now), millis(now.plus(lease)), Long.toString(lease.plus(abandonedClaimExpiry).toMillis()));
    }

    /** What {@code lib/claim.lua}'s claim answered. */
    static ClaimResult claimResult(List<String> reply) {
        return switch (reply.getFirst()) {
            case "completed" -> new ClaimResult.Completed(reply.get(1));
            case "busy" -> new ClaimResult.Busy(reply.get(1), Instant.ofEpochMilli(Long.parseLong(reply.get(2))));
            case "claimed" -> new ClaimResult.Claimed(reply.get(1).equals("1"));
            case "gone" -> new ClaimResult.Gone();
            default -> throw new IllegalStateException("Unexpected reply from " + CLAIM + ": " + reply);
        };
    }

    @Override
    public boolean extend(String key, String owner, Instant now, Duration lease) {
        positive(lease, "lease");
        Long extended = EXTEND.run(script, ReturnType.INTEGER, List.of(tokenKey(key)), owner,
                millis(now.plus(lease)), Long.toString(lease.plus(abandonedClaimExpiry).toMillis()));
        return extended == 1L;
    }

    @Override
    public boolean complete(String key, String owner, String result, Instant now, Duration retention) {
        Place place = place(key); // a task's short result goes into its claim's field (lua/idempotency-complete.lua)
        Long completed = COMPLETE.run(script, ReturnType.INTEGER, place.keys(), place.args(completeArgs(owner, result, now, retention)));
        return completed == 1L;
    }

    @Override
    public boolean release(String key, String owner) {
        Long released = RELEASE.run(script, ReturnType.INTEGER, List.of(tokenKey(key)), Objects.requireNonNull(owner, "owner"));
        return released == 1L;
    }

    @Override
    public Optional<IdempotencyRecord> read(String key) {
        Place place = place(key);
        Map<String, String> hash = redisson.<String, String>getMap(place.tokenKey(), StringCodec.INSTANCE).readAllMap();
        if (hash.containsKey("owner")) {
            return Optional.of(new IdempotencyRecord(key, hash.get("owner"),
                    Instant.ofEpochMilli(Long.parseLong(hash.get("leaseUntil"))), hash.get("result")));
        }
        if (place.field() == null) {
            return Optional.empty();
        }
        // a completed claim kept as its field of the execution's hash (idempotency-complete.lua, execution-stub.lua): its result alone
        String kept = redisson.<String, String>getMap(place.executionHash(), StringCodec.INSTANCE).get(place.field());
        return kept != null && kept.startsWith("r") ? Optional.of(new IdempotencyRecord(key, null, null, kept.substring(1))) : Optional.empty();
    }

    /** The complete script's run on the claim's key alone ({@code lua/idempotency-complete.lua}): its key keeps the result. */
    ScriptCall completeCall(String key, String owner, String result, Instant now, Duration retention) {
        return new ScriptCall(List.of(tokenKey(key)), completeArgs(owner, result, now, retention).toArray());
    }

    private static List<Object> completeArgs(String owner, String result, Instant now, Duration retention) {
        positive(retention, "retention");
        return List.of(owner, Objects.requireNonNull(result, "result"), millis(now.plus(retention)), Long.toString(retention.toMillis()));
    }

    /**
     * Where a key's claim lives: its own key and, for a task's token, its execution's hash and its field there
     * ({@code lib/claim.lua}); the scripts that take them get the hash as their second key and the field as their last
     * argument.
     */
    /** A claim's keys: for a task's token also its execution's hash, the claim's field there, its stub's bucket and id. */
    private record Place(String tokenKey, String executionHash, String field, String stubBucket, String executionId) {
        List<Object> keys() {
            return field == null ? List.of(tokenKey) : List.of(tokenKey, executionHash, stubBucket);
        }

        Object[] args(List<Object> before) {
            if (field == null) {
                return before.toArray();
            }
            List<Object> args = new ArrayList<>(before);
            args.add(field);
            args.add(executionId);
            return args.toArray();
        }
    }

    private Place place(String key) {
        Task task = task(key);
        if (task == null) {
            return new Place(tokenKey(key, null), null, null, null, null);
        }
        return new Place(tokenKey(key, task), executions.hashKey(task.executionId()), CLAIM_FIELD + task.rest(),
                executions.stubBucket(task.executionId()), task.executionId());
    }

    RedissonClient client() {
        return redisson;
    }

    /**
     * A task's token ({@code <execution id>.<frame>.<step>.<attempt>.<secret>}) is claimed in its execution's slot, so
     * the claim leaves with it: {@code P:idem:{ID}<rest>} on one node, {@code P:idem:<shard tag>ID<rest>} on Cluster;
     * any other key is {@code P:idem:<key>}. {@code lib/claim.lua}'s {@code claimKeys} names them the same way.
     */
    String tokenKey(String key) {
        return tokenKey(key, task(key));
    }

    /** {@link #tokenKey(String)} with {@code task}, what {@link #task} matched of {@code key}. */
    private String tokenKey(String key, Task task) {
        if (task == null) {
            return tokenKeyPrefix() + key;
        }
        return executions.claimKeysOf(task.executionId()) + task.rest();
    }

    /**
     * The arguments of {@code lib/claim.lua}'s claimKeys for a receive from {@code shard}: a task token's key start and
     * middle, the execution hash key's start and end, the prefix of any other key ('' on Cluster: another slot's,
     * which a receive does not claim along), then what the shard's buckets of stubs start with and how many it has
     * ({@code lib/stubs.lua}, where a claim's execution may sleep).
     */
    List<Object> claimKeyArgs(int shard) {
        return List.of(executions.claimKeyStart(shard), executions.claimKeyMiddle(), executions.hashKeyStart(shard), executions.hashKeyEnd(),
                executions.shards().tagged() ? "" : tokenKeyPrefix(), executions.stubBucketStart(shard), Integer.toString(executions.stubBuckets()));
    }

    /** The execution id a task's token starts with, or {@code null} if {@code token} is not one. */
    static String executionOfToken(String token) {
        int rest = TaskTokens.restStart(token, 0);
        return rest < 0 ? null : token.substring(0, rest);
    }

    /** The shard of the slot {@link #tokenKey} puts {@code key} in, or -1 for a key outside every execution's shard. */
    int shardOfKey(String key) {
        Task task = task(key);
        return task == null ? -1 : executions.shardOf(task.executionId());
    }

    /** The parts of a task's token, if {@code key} is {@link IdempotencyStore#taskKey} of one. */
    private static Task task(String key) {
        if (!key.startsWith(TASK_KEY_PREFIX)) {
            return null;
        }
        int rest = TaskTokens.restStart(key, TASK_KEY_PREFIX.length());
        return rest < 0 ? null : new Task(key.substring(TASK_KEY_PREFIX.length(), rest), key.substring(rest));
    }

    /** A task's token: its execution id and the rest ({@code .<frame>.<step>.<attempt>.<secret>}). */
    private record Task(String executionId, String rest) {}

    /** What every token's key starts with. */
    String tokenKeyPrefix() {
        return prefix.key("idem:");
    }

    private static String millis(Instant instant) {
        return Long.toString(instant.toEpochMilli());
    }

    private static Duration positive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero() || d.toMillis() == 0) {
            throw new IllegalArgumentException(name + " must be at least one millisecond, but was " + d);
        }
        return d;
    }
}
