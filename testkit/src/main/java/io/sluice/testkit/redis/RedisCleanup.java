package io.sluice.testkit.redis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Removes a test's keys from the shared Redis: every key under {@code prefix:}. For the tests whose
 * application context lives as long as the JVM (Spring's cached contexts, the Functions injector),
 * {@link #deleteOnExit} does it when the JVM ends, so the server CI shares keeps nothing of them.
 * Speaks RESP over a socket itself: the testkit carries no Redis client.
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
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort()), 2000);
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String user = uri.getUserInfo();
            if (user != null && !user.isEmpty()) {
                int colon = user.indexOf(':');
                command(out, in, colon < 0 ? List.of("AUTH", user) : colon == 0 ? List.of("AUTH", user.substring(1))
                        : List.of("AUTH", user.substring(0, colon), user.substring(colon + 1)));
            }
            long deleted = 0;
            String cursor = "0";
            do {
                @SuppressWarnings("unchecked")
                List<Object> page = (List<Object>) command(out, in, List.of("SCAN", cursor, "MATCH", escape(prefix) + ":*", "COUNT", "1000"));
                cursor = (String) page.get(0);
                @SuppressWarnings("unchecked")
                List<Object> keys = (List<Object>) page.get(1);
                if (!keys.isEmpty()) {
                    List<String> unlink = new ArrayList<>(List.of("UNLINK"));
                    keys.forEach(k -> unlink.add((String) k));
                    deleted += (Long) command(out, in, unlink);
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

    private static Object command(OutputStream out, InputStream in, List<String> args) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(("*" + args.size() + "\r\n").getBytes(StandardCharsets.UTF_8));
        for (String a : args) {
            byte[] bytes = a.getBytes(StandardCharsets.UTF_8);
            b.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.UTF_8));
            b.writeBytes(bytes);
            b.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        out.write(b.toByteArray());
        out.flush();
        return reply(in);
    }

    private static Object reply(InputStream in) throws IOException {
        int type = in.read();
        String line = line(in);
        return switch (type) {
            case '+' -> line;
            case '-' -> throw new IOException("Redis answered: " + line);
            case ':' -> Long.parseLong(line);
            case '$' -> {
                int n = Integer.parseInt(line);
                if (n < 0) {
                    yield null;
                }
                byte[] data = in.readNBytes(n);
                line(in);
                yield new String(data, StandardCharsets.UTF_8);
            }
            case '*' -> {
                int n = Integer.parseInt(line);
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    items.add(reply(in));
                }
                yield items;
            }
            default -> throw new IOException("not a RESP reply (type byte " + type + ")");
        };
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\r') {
            b.write(c);
        }
        in.read(); // '\n'
        return b.toString(StandardCharsets.UTF_8);
    }
}
