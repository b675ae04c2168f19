package io.sluice.redis;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.redisson.api.RBatch;
import org.redisson.api.RScript.ReturnType;

/**
 * Scripts sent together in one round trip, in the order added ({@link Scripts#pipeline}). Each one's reply completes its
 * future when {@link #execute} has read it; a direct pipeline's {@link #execute} fails with the first script's failure
 * once every reply was read, and every caller joins the futures it needs, which fail with their own script's.
 */
interface ScriptPipeline {
    <R> CompletableFuture<R> add(LuaScript lua, ReturnType type, List<Object> keys, Object... args);

    void execute();

    /** A pipeline as Redisson's batch of {@code scripts}' client. */
    static ScriptPipeline of(Scripts scripts, RBatch batch) {
        return new ScriptPipeline() {
            @Override
            public <R> CompletableFuture<R> add(LuaScript lua, ReturnType type, List<Object> keys, Object... args) {
                return lua.<R>addTo(scripts, batch, type, keys, args).toCompletableFuture();
            }

            @Override
            public void execute() {
                scripts.execute(batch);
            }
        };
    }
}
