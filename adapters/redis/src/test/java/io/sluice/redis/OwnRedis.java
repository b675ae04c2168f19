package io.sluice.redis;

import io.sluice.embedded.EmbeddedRedis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.redisson.api.RedissonClient;

/**
 * A {@code redis-server} of one test class's own, asking for a password, and a Redisson client on it: what such a class
 * does to its server ({@code SCRIPT FLUSH}, {@code CLIENT KILL}, {@code SIGSTOP}) reaches no other test. It answers on
 * loopback TCP and on its unix socket ({@link EmbeddedRedis#unixSocket()}). A class registers it
 * ({@code @RegisterExtension static final OwnRedis own = new OwnRedis("name")}): started before the class's tests, stopped
 * after them.
 */
final class OwnRedis implements BeforeAllCallback, AfterAllCallback {
    private final String password;
    private EmbeddedRedis server;
    private RedissonClient client;

    /** A server whose password starts with {@code name}, so no test can guess another's. */
    OwnRedis(String name) {
        this.password = name + "-" + Long.toHexString(System.nanoTime());
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server = EmbeddedRedis.start(new EmbeddedRedis.Options("redis-server", System.getenv().getOrDefault("PATH", ""), null,
                EmbeddedRedis.Persistence.NONE, password));
        client = RedisAdapters.client(server.url());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            if (client != null) {
                client.shutdown();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    String password() {
        return password;
    }

    EmbeddedRedis server() {
        return server;
    }

    /** {@code redis://:password@127.0.0.1:port}. */
    String url() {
        return server.url();
    }

    int port() {
        return RedisUrl.parse(server.url()).port();
    }

    RedissonClient client() {
        return client;
    }

    /** A command on a TCP connection of the test's own; its reply as {@link RespConnection} decodes it. */
    Object admin(Object... command) {
        try (RespConnection c = RespConnection.open("127.0.0.1", port(), null, password, 0, "own-redis-admin", Duration.ofSeconds(3))) {
            c.command(List.of(command));
            c.flush();
            return c.reply();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The values of {@code field} ({@code id=}, {@code flags=}) of the server's connections named {@code name} ({@code CLIENT LIST}). */
    List<String> connectionField(String name, String field) {
        List<String> values = new ArrayList<>();
        for (String line : ((String) admin("CLIENT", "LIST")).split("\n")) {
            List<String> fields = List.of(line.trim().split(" "));
            if (fields.contains("name=" + name)) {
                fields.stream().filter(f -> f.startsWith(field)).forEach(f -> values.add(f.substring(field.length())));
            }
        }
        return values;
    }
}
