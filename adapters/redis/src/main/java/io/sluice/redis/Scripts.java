package io.sluice.redis;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.redisson.api.BatchOptions;
import org.redisson.api.BatchResult;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisException;
import org.redisson.client.RedisNoScriptException;

/**
 * Where the adapters run their {@link LuaScript}s: straight on the client, or, when the client's URL asked for
 * {@link ReplicaAcks}, each in a batch of its own that ends with {@code WAIT}, so a write counts as done only once the
 * replicas confirmed it.
 *
 * <p>It loads each script it puts in a batch ({@code SCRIPT LOAD} on every node) the first time, so a batch does not
 * meet {@code NOSCRIPT} where Redisson's script cache, which is JVM-wide and keyed by address, believes a server has a
 * script that it does not: a server started on the port of one that stopped while no client saw it go, or one flushed
 * before this instance first used it. A server flushed later fails the script in one batch ({@code NOSCRIPT}, which a
 * batch cannot retry), and the next batch loads it again.
 */
final class Scripts {
    private final RedissonClient redisson;
    private final RScript script;
    private final ReplicaAcks acks;
    /** The client's {@link DirectPipelines}, or {@code null}: every script through Redisson. */
    private final DirectPipelines direct;
    private final Set<LuaScript> loaded = ConcurrentHashMap.newKeySet();
    private final ReentrantLock loading = new ReentrantLock();

    private Scripts(RedissonClient redisson) {
        this.redisson = redisson;
        this.script = redisson.getScript(ScriptArgsCodec.INSTANCE);
        this.acks = ReplicaAcks.of(redisson);
        this.direct = acks.waits() ? null : DirectPipelines.of(redisson);
    }

    static Scripts of(RedissonClient redisson) {
        return new Scripts(redisson);
    }

    <R> R run(LuaScript lua, ReturnType type, List<Object> keys, Object... args) {
        if (direct != null) {
            return runDirect(lua, type, keys, args);
        }
        if (!acks.waits()) {
            return lua.run(script, type, keys, args);
        }
        RBatch batch = batch();
        RFuture<R> reply = lua.addTo(this, batch, type, keys, args);
        confirmed(lua, batch.execute());
        return reply.toCompletableFuture().join();
    }

    <R> CompletionStage<R> runAsync(LuaScript lua, ReturnType type, List<Object> keys, Object... args) {
        if (!acks.waits()) {
            return lua.runAsync(script, type, keys, args);
        }
        RBatch batch = batch();
        RFuture<R> reply = lua.addTo(this, batch, type, keys, args);
        return batch.executeAsync().thenCompose(result -> {
            confirmed(lua, result);
            return reply;
        });
    }

    /**
     * {@code lua} alone in a direct pipeline; a {@code NOSCRIPT} (the server lost it since it was loaded) loads it again
     * and runs it once more, as {@link LuaScript#run} falls back to {@code EVAL}: the script did not run.
     */
    private <R> R runDirect(LuaScript lua, ReturnType type, List<Object> keys, Object... args) {
        for (int attempt = 1; ; attempt++) {
            ScriptPipeline pipeline = direct.pipeline(this);
            CompletableFuture<R> reply = pipeline.add(lua, type, keys, args);
            try {
                pipeline.execute();
                return reply.join();
            } catch (RedisNoScriptException e) {
                if (attempt > 1) {
                    throw e;
                }
            }
        }
    }

    /** Scripts that go together in one round trip: a direct pipeline where the client has them, else a {@link #batch()}. */
    ScriptPipeline pipeline() {
        return direct != null ? direct.pipeline(this) : ScriptPipeline.of(this, batch());
    }

    /** Makes sure the server knows {@code lua} before a batch sends it: loads it the first time this instance sees it. */
    void loadOnce(LuaScript lua) {
        if (loaded.contains(lua)) {
            return;
        }
        loading.lock();
        try {
            if (!loaded.contains(lua)) {
                script.scriptLoad(lua.text());
                loaded.add(lua);
            }
        } finally {
            loading.unlock();
        }
    }

    /** After {@code NOSCRIPT} for {@code lua} in a batch: the next batch loads it again. */
    void forget(LuaScript lua) {
        loaded.remove(lua);
    }

    /** A batch for scripts that go together in one round trip, which {@link #execute} runs; it waits as {@link #run} does. */
    RBatch batch() {
        return acks.waits() ? redisson.createBatch(BatchOptions.defaults().sync(acks.replicas(), acks.timeout())) : redisson.createBatch();
    }

    /** Runs a {@link #batch()}; with replica acknowledgements asked, fails unless they confirmed it. */
    void execute(RBatch batch) {
        BatchResult<?> result = batch.execute();
        if (acks.waits()) {
            confirmed("a pipeline of scripts", result);
        }
    }

    private void confirmed(Object what, BatchResult<?> result) {
        if (result.getSyncedSlaves() < acks.replicas()) {
            throw new RedisException("Only " + result.getSyncedSlaves() + " of the " + acks.replicas() + " replicas asked for"
                    + " (replica-acks) confirmed " + what + " within " + acks.timeout() + "; it may or may not have taken effect");
        }
    }
}
