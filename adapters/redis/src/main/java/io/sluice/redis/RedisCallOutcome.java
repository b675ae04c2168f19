package io.sluice.redis;

import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import org.redisson.client.RedisAskException;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisMovedException;
import org.redisson.client.RedisTimeoutException;

/**
 * The {@code outcome} tag of a Redis call: {@code ok}, or what went wrong, from a bounded set. A server error is named by
 * its prefix, lower case ({@code -CROSSSLOT Keys in request don't hash to the same slot} is {@code crossslot}), when the
 * prefix is one Redis defines; any other is {@code error}, so a script's own error text never becomes a tag.
 */
final class RedisCallOutcome {
    static final String OK = "ok";
    static final String ERROR = "error";
    static final String MOVED = "moved";
    static final String ASK = "ask";
    static final String TIMEOUT = "timeout";
    static final String CONNECTION = "connection";
    static final String CANCELLED = "cancelled";

    /** The error prefixes Redis (7.x) and Valkey reply with, besides MOVED and ASK. */
    private static final Set<String> PREFIXES = Set.of("ERR", "WRONGTYPE", "CROSSSLOT", "READONLY", "NOSCRIPT", "TRYAGAIN",
            "LOADING", "OOM", "NOAUTH", "WRONGPASS", "NOPERM", "CLUSTERDOWN", "MASTERDOWN", "BUSY", "BUSYKEY", "NOREPLICAS",
            "EXECABORT", "MISCONF", "UNBLOCKED", "NOTBUSY", "NOGOODSLAVE");

    private RedisCallOutcome() {}

    static String of(Throwable error) {
        if (error == null) {
            return OK;
        }
        Throwable e = error;
        while (e instanceof CompletionException && e.getCause() != null) {
            e = e.getCause();
        }
        return switch (e) {
            case RedisMovedException m -> MOVED;
            case RedisAskException a -> ASK;
            case RedisTimeoutException t -> TIMEOUT; // RedisResponseTimeoutException too
            case RedisConnectionException c -> CONNECTION;
            case CancellationException c -> CANCELLED;
            case RedisException r -> prefixed(r.getMessage());
            default -> ERROR;
        };
    }

    /** Redisson's message of a server error starts with the reply's text: its first word is the prefix. */
    private static String prefixed(String message) {
        if (message == null) {
            return ERROR;
        }
        int end = 0;
        while (end < message.length() && end < 16 && Character.isUpperCase(message.charAt(end))) {
            end++;
        }
        String prefix = message.substring(0, end);
        return PREFIXES.contains(prefix) ? prefix.toLowerCase(java.util.Locale.ROOT) : ERROR;
    }
}
