package io.sluice.aws.secrets;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A real {@code redis-server} that speaks TLS only and asks for a password, like MemoryDB and ElastiCache with
 * in-transit encryption and AUTH: a self-signed certificate for 127.0.0.1 made with the {@code openssl} CLI, and a
 * PKCS12 trust store holding it (what a client must trust instead of Amazon's CA). {@link #unavailable()} says why not when
 * the machine lacks {@code openssl} or a {@code redis-server} built with TLS. Stopped by its own process handle.
 */
final class TlsRedisServer implements AutoCloseable {
    private final Path dir;
    private final Process process;
    private final int port;

    private TlsRedisServer(Path dir, Process process, int port) {
        this.dir = dir;
        this.process = process;
        this.port = port;
    }

    /** Why a TLS server cannot start here, or empty when it can. */
    static Optional<String> unavailable() {
        for (String program : List.of("openssl", "redis-server")) {
            if (Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).noneMatch(d -> Files.isExecutable(Path.of(d, program)))) {
                return Optional.of(program + " is not on the PATH");
            }
        }
        return Optional.empty();
    }

    static TlsRedisServer start(String password) throws Exception {
        Path dir = Files.createTempDirectory("sluice-tls-redis-");
        run(dir, "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", "redis.key", "-out", "redis.crt");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream cert = Files.newInputStream(dir.resolve("redis.crt"))) {
            trust.setCertificateEntry("redis", CertificateFactory.getInstance("X.509").generateCertificate(cert));
        }
        try (OutputStream out = Files.newOutputStream(dir.resolve("trust.p12"))) {
            trust.store(out, "changeit".toCharArray());
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Files.write(dir.resolve("redis.conf"), List.of("port 0", "tls-port " + port, "bind 127.0.0.1", "dir " + dir, "save \"\"",
                "appendonly no", "tls-cert-file " + dir.resolve("redis.crt"), "tls-key-file " + dir.resolve("redis.key"),
                "tls-ca-cert-file " + dir.resolve("redis.crt"), "tls-auth-clients no", "requirepass \"" + password + "\""));
        Process process = new ProcessBuilder("redis-server", dir.resolve("redis.conf").toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.log").toFile()).start();
        TlsRedisServer server = new TlsRedisServer(dir, process, port);
        try {
            await().atMost(Duration.ofSeconds(15)).until(() -> !process.isAlive() || Files.readString(dir.resolve("redis.log"))
                    .contains("Ready to accept connections"));
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server with TLS did not start: " + Files.readString(dir.resolve("redis.log")));
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** {@code rediss://127.0.0.1:<port>}, without the password. */
    String url() {
        return "rediss://127.0.0.1:" + port;
    }

    /** The PKCS12 trust store (password {@code changeit}) that holds the server's certificate. */
    Path trustStore() {
        return dir.resolve("trust.p12");
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }
}
