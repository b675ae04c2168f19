package io.sluice.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.api.RScript.Mode;
import org.redisson.api.RScript.ReturnType;
import org.redisson.client.RedisNoScriptException;

/**
 * A Lua script from {@code io/sluice/redis/lua/}, run by its SHA-1 ({@code EVALSHA}) and sent in
 * full only when the server does not know it yet (after a restart or {@code SCRIPT FLUSH}).
 * Redisson 3.52 already answers {@code NOSCRIPT} with {@code SCRIPT LOAD} and a retry; the
 * fallback here keeps that true for any client configuration.
 *
 * <p>Redisson 3.x names: {@link ReturnType#INTEGER}, {@link ReturnType#MULTI},
 * {@link ReturnType#STATUS}; Redisson 4 renamed them {@code LONG}, {@code LIST}, {@code STRING}.
 */
final class LuaScript {
    /**
     * Every script loaded, by its SHA-1 and by its text (the instance {@code EVAL} sends): how the Redis call timer names the
     * script a call runs ({@link RedisCallMeters}). The scripts are the adapters' constants, so this only grows to their number.
     */
    private static final java.util.Map<String, String> NAMES = new java.util.concurrent.ConcurrentHashMap<>();

    private final String name;
    private final String text;
    private final String sha;

    private LuaScript(String name, String text) {
        this.name = name;
        this.text = text;
        this.sha = sha1(text);
        NAMES.put(sha, name);
        NAMES.put(text, name);
    }

    /** The name of the script whose SHA-1 or text {@code shaOrText} is; {@code "-"} for one the adapters did not load. */
    static String nameOf(String shaOrText) {
        return NAMES.getOrDefault(shaOrText, RedisCallMeters.NO_SCRIPT);
    }

    /**
     * The script {@code lua/<name>.lua}, after the functions of {@code libraries} ({@code lua/<library>.lua} each, which
     * define local functions only), so two scripts that do one thing do it with one text.
     */
    static LuaScript load(String name, String... libraries) {
        StringBuilder text = new StringBuilder();
        for (String library : libraries) {
            text.append(read(library)).append('\n');
        }
        return new LuaScript(name, text.append(read(name)).toString());
    }

    private static String read(String name) {
        String resource = "lua/" + name + ".lua";
        try (InputStream in = LuaScript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Missing script io/sluice/redis/" + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read io/sluice/redis/" + resource, e);
        }
    }

    /** Runs on {@code scripts}, which waits for the replicas a client's URL asked for ({@link ReplicaAcks}). */
    <R> R run(Scripts scripts, ReturnType type, List<Object> keys, Object... args) {
        return scripts.run(this, type, keys, args);
    }

    <R> CompletionStage<R> runAsync(Scripts scripts, ReturnType type, List<Object> keys, Object... args) {
        return scripts.runAsync(this, type, keys, args);
    }

    <R> R run(RScript script, ReturnType type, List<Object> keys, Object... args) {
        try {
            return script.evalSha(Mode.READ_WRITE, sha, type, keys, args);
        } catch (RedisNoScriptException e) {
            return script.eval(Mode.READ_WRITE, text, type, keys, args);
        }
    }

    <R> CompletionStage<R> runAsync(RScript script, ReturnType type, List<Object> keys, Object... args) {
        CompletionStage<R> bySha = script.evalShaAsync(Mode.READ_WRITE, sha, type, keys, args);
        return bySha.exceptionallyCompose(error -> unwrap(error) instanceof RedisNoScriptException
                ? script.<R>evalAsync(Mode.READ_WRITE, text, type, keys, args)
                : bySha);
    }

    /**
     * Adds the script to {@code batch}, a batch of {@code scripts}' client, once {@code scripts} made sure the server
     * knows it ({@link Scripts#loadOnce}). A batch cannot fall back from {@code NOSCRIPT} for one of its commands, and
     * Redisson sends a batch's {@code EVAL} as {@code EVALSHA} when its JVM-wide cache says the server at that address
     * has the script, which a server started on a reused port, or flushed, does not.
     */
    <R> RFuture<R> addTo(Scripts scripts, RBatch batch, ReturnType type, List<Object> keys, Object... args) {
        scripts.loadOnce(this);
        RFuture<R> reply = batch.getScript(ScriptArgsCodec.INSTANCE).evalAsync(Mode.READ_WRITE, text, type, keys, args);
        reply.whenComplete((result, error) -> {
            if (error != null && unwrap(error) instanceof RedisNoScriptException) {
                scripts.forget(this); // the server lost it after all (SCRIPT FLUSH): the next batch loads it again
            }
        });
        return reply;
    }

    /** The script's SHA-1, what {@code EVALSHA} names it by. */
    String sha() {
        return sha;
    }

    /** The script's name, {@code lua/<name>.lua}'s. */
    String name() {
        return name;
    }

    /** The script's text, what {@code SCRIPT LOAD} sends. */
    String text() {
        return text;
    }

    private static Throwable unwrap(Throwable error) {
        Throwable e = error;
        while (e.getCause() != null && e instanceof java.util.concurrent.CompletionException) {
            e = e.getCause();
        }
        return e;
    }

    private static String sha1(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every JVM", e);
        }
    }

    @Override
    public String toString() {
        return name + " (" + sha + ")";
    }
}
