package io.sluice.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.redisson.api.RScript.ReturnType;

/**
 * Whether a process other than this one listens for a prefix's queue notifications ({@link RedisTaskQueue}'s Pub/Sub
 * channel). A send wakes this process's own waiting receivers directly; the notification is for the others, so while
 * none listens the queue scripts publish nothing. A published notification costs Redis a write to every subscriber,
 * this process's own included, and this process a read and a decode, about two a transition (bench/README.md, "Where
 * the time goes").
 *
 * <p>Each instance that listens renews its entry in {@code P:queue-listeners} at most every {@link #REFRESH}, from its
 * sends and receives (a waiting receive looks at Redis at least every {@link RedisTaskQueue#RECHECK}, so a listening
 * instance renews while it waits), and learns in the same script how many others listen; an entry lapses after
 * {@link #LAPSE} unrenewed. An instance that starts to listen is seen by another at that one's next refresh: for up to
 * {@link #REFRESH} the other's sends do not notify it, and its receives find those messages by their own look at Redis,
 * which a waiting receive takes at least every {@link RedisTaskQueue#RECHECK} — late, never lost, as with a
 * notification lost while reconnecting. Until its first refresh has answered, and after one failed, an instance
 * assumes others listen.
 */
final class QueueListeners {
    /** The longest an instance goes without renewing its entry and counting the others, while it sends or receives. */
    static final Duration REFRESH = Duration.ofMillis(500);
    /** How long an entry lasts unrenewed. */
    static final Duration LAPSE = Duration.ofSeconds(5);
    private static final LuaScript LISTENERS = LuaScript.load("queue-listeners");

    private final Scripts script;
    private final String key;
    private final String instance;
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile boolean othersListen = true;
    private volatile boolean listening;
    private volatile long nextRefreshNanos = System.nanoTime();
    private volatile CompletableFuture<?> inFlight = CompletableFuture.completedFuture(null);

    QueueListeners(Scripts script, String key, String instance) {
        this.script = script;
        this.key = key;
        this.instance = instance;
    }

    /** Whether another instance may listen: what the last refresh said, starting the next one if it is due (without waiting for it). */
    boolean othersListen() {
        long now = System.nanoTime();
        if (now - nextRefreshNanos >= 0 && refreshing.compareAndSet(false, true)) {
            nextRefreshNanos = now + REFRESH.toNanos();
            inFlight = LISTENERS.<Long>runAsync(script, ReturnType.INTEGER, List.of(key), args()).whenComplete((others, error) -> {
                othersListen = error != null || others == null || others > 0;
                refreshing.set(false);
            }).toCompletableFuture();
        }
        return othersListen;
    }

    /**
     * This instance listens from now on ({@code true}) or no longer: its entry is renewed or removed at once, after a
     * refresh still under way (so a renewal sent before cannot bring back an entry removed here).
     */
    void listening(boolean on) {
        listening = on;
        try {
            inFlight.get(5, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // that refresh failed or hangs: the one below says what holds
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        refresh();
    }

    /** Renews or removes this instance's entry now and answers how many others listen. */
    long refresh() {
        Long others = LISTENERS.run(script, ReturnType.INTEGER, List.of(key), args());
        othersListen = others == null || others > 0;
        nextRefreshNanos = System.nanoTime() + REFRESH.toNanos();
        return others == null ? 0 : others;
    }

    private Object[] args() {
        return new Object[] {instance, listening ? "1" : "0", Long.toString(LAPSE.toMillis())};
    }
}
