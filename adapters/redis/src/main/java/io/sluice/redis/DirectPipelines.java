package io.sluice.redis;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisTimeoutException;

/**
 * Connections of their own, beside a Redisson client's, for the scripts' pipelines to one server ({@link DirectPipeline}):
 * a pipeline borrows one, writes its scripts in one write and reads their replies on its own (virtual) thread, and gives
 * it back. Redisson's command path (its batch service, its one event loop's encoding, write and decoding, and the
 * wake-ups between the caller and the loop) cost the JVM 1.5 to 2 times the CPU of this for the same pipeline, and a
 * transition at 8 in flight ~17 % more of it (bench/README, "Direct pipelines"). Only for one server over plain TCP
 * with no replica acknowledgements; on Cluster, over TLS, or with {@code ?replica-acks}, every script goes through
 * Redisson as before. Where the URL names the server's unix socket on this host ({@code ?socket=/path}, which the local
 * runtime's embedded Redis opens), the connections go through it instead of TCP, which costs the JVM a third less CPU a
 * pipeline (bench/README, "Direct pipelines over the unix socket"); Redisson stays on TCP.
 *
 * <p>Attached to a client by {@link RedisAdapters#open} unless {@code -Dsluice.redis.pipelines=redisson} says no, and
 * closed with the adapters ({@link RedisAdapters#close}); {@link Scripts} made over that client use it. A client made
 * elsewhere has none, nor one a host manages itself ({@link RedisAdapters#over}: a Lambda's SnapStart-restorable client).
 */
final class DirectPipelines implements AutoCloseable {
    /**
     * The JVM setting that turns them off, {@code redisson} (Redisson's batches for every script), or keeps them on TCP
     * where the URL names a unix socket, {@code tcp}.
     */
    static final String SETTING = "sluice.redis.pipelines";
    /** How long a read waits for Redis, as Redisson's response timeout. */
    static final Duration TIMEOUT = Duration.ofSeconds(3);

    /** An idle connection unused for this long is checked with a {@code PING} before it is lent again. */
    static final Duration CHECK_AFTER = Duration.ofSeconds(5);

    private static final Map<RedissonClient, DirectPipelines> BY_CLIENT = Collections.synchronizedMap(new WeakHashMap<>());

    private final RedisUrl url;
    /** The server's unix socket, when the URL names one and {@link #SETTING} does not say {@code tcp}; else {@code null}. */
    private final Path socket;
    private final Duration timeout;
    private final ReadDeadlines deadlines;
    private final Semaphore lent;
    private final ConcurrentLinkedDeque<RespConnection> idle = new ConcurrentLinkedDeque<>();
    private final RedisCallTimer timer;
    private final Duration checkAfter;
    /** What each of its connections is named on the server: {@code sluice-direct-} and 8 hex digits of this pool's own. */
    private final String name = "sluice-direct-" + HexFormat.of().toHexDigits(new SecureRandom().nextInt());
    private volatile boolean closed;

    private DirectPipelines(RedisUrl url, int size, RedisCallTimer timer, Duration checkAfter, Duration timeout) {
        this.url = url;
        this.timeout = timeout;
        this.deadlines = new ReadDeadlines(timeout);
        this.checkAfter = checkAfter;
        this.socket = url.socket() == null || "tcp".equalsIgnoreCase(System.getProperty(SETTING)) ? null : Path.of(url.socket());
        this.lent = new Semaphore(size);
        this.timer = timer;
    }

    /** Whether this JVM wants them ({@link #SETTING}): unless it says {@code redisson}. */
    static boolean wanted() {
        return !"redisson".equalsIgnoreCase(System.getProperty(SETTING));
    }

    /** Attaches direct pipelines of up to {@code size} connections to {@code client}, if wanted and {@code url} allows them. */
    static void attach(RedissonClient client, String url, int size) {
        if (wanted() && allowed(RedisUrl.parse(url))) {
            attach(client, over(client, url, size, CHECK_AFTER));
        }
    }

    /** Whether {@code url} allows them: one server, plain TCP, no replica acknowledgements. */
    static boolean allowed(RedisUrl url) {
        return !url.cluster() && !url.tls() && url.replicaAcks() == 0;
    }

    /**
     * Up to {@code size} connections to the server {@code url} names, timed by {@code client}'s call timer; an idle one
     * unused for {@code checkAfter} is checked before it is lent again.
     */
    static DirectPipelines over(RedissonClient client, String url, int size, Duration checkAfter) {
        return over(client, url, size, checkAfter, TIMEOUT);
    }

    /** As {@link #over(RedissonClient, String, int, Duration)}, each read waiting at most {@code timeout} (tests: a short one). */
    static DirectPipelines over(RedissonClient client, String url, int size, Duration checkAfter, Duration timeout) {
        RedisUrl redis = RedisUrl.parse(url);
        if (!allowed(redis)) {
            throw new IllegalArgumentException("Direct pipelines need one Redis server over plain TCP with no replica-acks, not " + redis);
        }
        RedisCallTimer timer = client.getConfig().getNettyHook() instanceof RedisCallTimer t ? t : null;
        return new DirectPipelines(redis, size, timer, checkAfter, timeout);
    }

    /** The direct pipelines attached to {@code client}, or {@code null}. */
    static DirectPipelines of(RedissonClient client) {
        return BY_CLIENT.get(client);
    }

    /** Closes and forgets those attached to {@code client}, if any. */
    static void detach(RedissonClient client) {
        DirectPipelines pipelines = BY_CLIENT.remove(client);
        if (pipelines != null) {
            pipelines.close();
        }
    }

    /** What this pool's connections are named on the server ({@code CLIENT LIST}). */
    String name() {
        return name;
    }

    /** Attaches {@code pipelines} to {@code client} (tests: a pool that checks its idle connections sooner). */
    static void attach(RedissonClient client, DirectPipelines pipelines) {
        BY_CLIENT.put(client, pipelines);
    }

    /** A new pipeline for {@code scripts}, which loads each script once before a pipeline sends it. */
    ScriptPipeline pipeline(Scripts scripts) {
        return new DirectPipeline(this, scripts);
    }

    /** The call timer's meters, if a registry is bound ({@link RedisAdapters#meterCalls}); else {@code null}. */
    RedisCallMeters meters() {
        return timer == null ? null : timer.meters();
    }

    /** A connection for one round trip, opened if none is idle; at most the pool's size are lent at once. */
    RespConnection borrow() {
        if (closed) {
            throw new RedisException("The Redis client is shut down");
        }
        try {
            if (!lent.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new RedisTimeoutException("No Redis connection was free within " + timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RedisException("Interrupted while waiting for a Redis connection", e);
        }
        for (RespConnection c = idle.pollFirst(); c != null; c = idle.pollFirst()) {
            if (c.idleNanos() < checkAfter.toNanos() || c.answers()) {
                return c;
            }
            c.close(); // the server closed it, or restarted, while it was idle
        }
        try {
            return socket != null ? RespConnection.openUnix(socket, url.user(), url.password(), url.database(), name, deadlines)
                    : RespConnection.open(url.host(), url.port(), url.user(), url.password(), url.database(), name, timeout);
        } catch (IOException e) {
            lent.release();
            throw failure("connect to", e);
        }
    }

    /**
     * Takes back what {@link #borrow} lent: kept for the next round trip unless it broke or the pool closed. One that
     * broke closes the idle ones too: what broke it (a restart, a failover, a network fault) most likely broke them.
     */
    void release(RespConnection c) {
        if (c.broken() || closed) {
            c.close();
            closeIdle();
        } else {
            idle.offerFirst(c);
            if (closed) { // closed while this one was lent: its drain may have run before the offer
                closeIdle();
            }
        }
        lent.release();
    }

    /** The exception a round trip that failed with {@code e} ends in, as Redisson's would be. */
    RedisException failure(String what, IOException e) {
        String message = "Could not " + what + " Redis at " + (socket != null ? socket : url.nodes().getFirst()) + ": " + e.getMessage()
                + " (a write in flight may or may not have taken effect)";
        return e instanceof SocketTimeoutException ? new RedisTimeoutException(message) : new RedisConnectionException(message, e);
    }

    @Override
    public void close() {
        closed = true;
        closeIdle();
    }

    private void closeIdle() {
        for (RespConnection c = idle.pollFirst(); c != null; c = idle.pollFirst()) {
            c.close();
        }
    }
}
