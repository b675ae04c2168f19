package io.sluice.redis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.client.RedisException;
import org.redisson.client.RedisNoScriptException;

/**
 * A {@link ScriptPipeline} over a connection {@link DirectPipelines} lends: {@code EVALSHA} for each script, all written
 * at once, the replies read in order. Each script is loaded once per {@link Scripts} before a pipeline sends it
 * ({@link Scripts#loadOnce}); a server that lost it since (a restart, {@code SCRIPT FLUSH}) fails that script with
 * {@code NOSCRIPT}, which a pipeline cannot retry without reordering it after the scripts behind it, and the next
 * pipeline loads it again, as with Redisson's batches. Replies are what Redisson's {@code StringCodec} gives: text as
 * {@link String}, integers as {@link Long}, arrays as {@link List}s, nil as {@code null}.
 */
final class DirectPipeline implements ScriptPipeline {
    private record Part(LuaScript lua, List<Object> keys, Object[] args, CompletableFuture<Object> reply) {}

    private final DirectPipelines pool;
    private final Scripts scripts;
    private final List<Part> parts = new ArrayList<>(4);

    DirectPipeline(DirectPipelines pool, Scripts scripts) {
        this.pool = pool;
        this.scripts = scripts;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> CompletableFuture<R> add(LuaScript lua, ReturnType type, List<Object> keys, Object... args) {
        CompletableFuture<Object> reply = new CompletableFuture<>();
        parts.add(new Part(lua, keys, args, reply));
        return (CompletableFuture<R>) reply;
    }

    @Override
    public void execute() {
        if (parts.isEmpty()) {
            return;
        }
        parts.forEach(p -> scripts.loadOnce(p.lua()));
        RedisCallMeters meters = pool.meters();
        long start = meters == null ? 0 : meters.now();
        RedisException failed = null;
        RespConnection c = null;
        try {
            c = pool.borrow();
            try {
                send(c);
            } catch (RespTransport.NothingWritten e) {
                // The server had closed this idle connection (a restart): none of the pipeline reached it, so it goes on a new one.
                pool.release(c);
                c = null;
                c = pool.borrow();
                send(c);
            }
            for (Part p : parts) {
                Object reply = c.reply();
                if (reply instanceof RespConnection.Failure f) {
                    RedisException e = f.noScript() ? new RedisNoScriptException(f.message()) : new RedisException(f.message());
                    if (f.noScript()) {
                        scripts.forget(p.lua());
                    }
                    failed = failed == null ? e : failed;
                    p.reply().completeExceptionally(e);
                } else {
                    p.reply().complete(reply);
                }
            }
        } catch (RedisException e) { // no connection: timed and counted as the round trip's outcome, as Redisson's would be
            failed = e;
            parts.forEach(p -> p.reply().completeExceptionally(e));
        } catch (IOException e) {
            RedisException f = pool.failure("run a pipeline of " + parts.size() + " scripts on", e);
            failed = f;
            parts.forEach(p -> p.reply().completeExceptionally(f));
        } finally {
            if (c != null) {
                pool.release(c);
            }
            timed(meters, failed, start);
        }
        if (failed != null) {
            throw failed;
        }
    }

    private void send(RespConnection c) throws IOException {
        for (Part p : parts) {
            c.command(evalSha(p));
        }
        c.flush();
    }

    private void timed(RedisCallMeters meters, RedisException failed, long start) {
        if (meters != null) {
            meters.ran(parts.size() == 1 ? "EVALSHA" : RedisCallMeters.PIPELINE, scriptOf(parts), failed, start);
        }
    }

    private static List<Object> evalSha(Part p) {
        List<Object> command = new ArrayList<>(3 + p.keys().size() + p.args().length);
        command.add("EVALSHA");
        command.add(p.lua().sha());
        command.add(Integer.toString(p.keys().size()));
        command.addAll(p.keys());
        for (Object arg : p.args()) {
            command.add(arg);
        }
        return command;
    }

    /** The script tag of the call: the one script every part runs, else {@link RedisCallMeters#MIXED}. */
    private static String scriptOf(List<Part> parts) {
        String name = parts.getFirst().lua().name();
        for (Part p : parts) {
            if (!p.lua().name().equals(name)) {
                return RedisCallMeters.MIXED;
            }
        }
        return name;
    }
}
