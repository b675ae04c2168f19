package io.sluice.testkit.redis;

import io.sluice.embedded.Resp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Removes a test's keys from the shared Redis: every key under {@code prefix:}. For the tests whose
 * application context lives as long as the JVM (Spring's cached contexts, the Functions injector),
 * {@link #deleteOnExit} does it when the JVM ends, so the server CI shares keeps nothing of them.
 * Speaks RESP over a socket itself ({@link Resp}): the testkit carries no Redis client.
 */
public final class RedisCleanup {
    private static final Set<String> REGISTERED = ConcurrentHashMap.newKeySet();

    private RedisCleanup() {}

    /** Once per (server, prefix): at JVM exit, delete every key under {@code prefix:}. */
    public static void deleteOnExit(String url, String prefix) {
        if (REGISTERED.add(url + " " + prefix)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    delete(url, prefix);
                } catch (RuntimeException e) {
                    System.err.println("could not delete the test keys " + prefix + ":* from " + url + ": " + e.getMessage());
                }
            }, "redis-cleanup"));
        }
    }

    /** Deletes every key under {@code prefix:}; returns how many. */
    public static long delete(String url, String prefix) {
        if (prefix == null || prefix.isBlank()) {
            throw new IllegalArgumentException("a test prefix is needed: never delete a whole server's keys");
        }
        URI uri = URI.create(url);
        try (Resp redis = Resp.connect(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort(), 2000, 5000)) {
            String user = uri.getUserInfo();
            if (user != null && !user.isEmpty()) {
                int colon = user.indexOf(':');
                redis.call(colon < 0 ? List.of("AUTH", user) : colon == 0 ? List.of("AUTH", user.substring(1))
                        : List.of("AUTH", user.substring(0, colon), user.substring(colon + 1)));
            }
            long deleted = 0;
            String cursor = "0";
            do {
                @SuppressWarnings("unchecked")
                List<Object> page = (List<Object>) redis.call("SCAN", cursor, "MATCH", escape(prefix) + ":*", "COUNT", "1000");
                cursor = (String) page.get(0);
                @SuppressWarnings("unchecked")
                List<Object> keys = (List<Object>) page.get(1);
                if (!keys.isEmpty()) {
                    List<String> unlink = new ArrayList<>(List.of("UNLINK"));
                    keys.forEach(k -> unlink.add((String) k));
                    deleted += (Long) redis.call(unlink);
                }
            } while (!cursor.equals("0"));
            return deleted;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A SCAN pattern that matches {@code prefix} to the letter. */
    private static String escape(String prefix) {
        return prefix.replaceAll("([*?\\[\\]\\\\])", "\\\\$1");
    }
}
