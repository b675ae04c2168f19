package io.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime's Redis: a password, an append-only file that survives a restart, and a server left behind stopped. */
class DurableEmbeddedRedisTest {
    private static final String PATH = System.getenv().getOrDefault("PATH", "");
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    @TempDir
    Path dir;

    /** The cluster's servers take the persistence on their command line, the same settings as a single server's file. */
    @Test
    void thePersistenceFlagsAreItsSettingsOnTheCommandLine() {
        assertThat(EmbeddedRedis.Persistence.AOF_EVERYSEC.flags()).containsExactly("--appendonly", "yes", "--appendfsync", "everysec",
                "--auto-aof-rewrite-min-size", "512mb");
        assertThat(EmbeddedRedis.Persistence.NONE.flags()).containsExactly("--appendonly", "no");
    }

    @Test
    void aServerWithAPasswordRefusesAClientWithoutItAndAcceptsOneWithIt() throws IOException {
        String password = OwnerOnlyFiles.randomPassword();
        try (EmbeddedRedis redis = EmbeddedRedis.start(new EmbeddedRedis.Options("redis-server", PATH, null,
                EmbeddedRedis.Persistence.NONE, password))) {
            assertThat(RedisPing.answers("127.0.0.1", redis.port(), TIMEOUT)).as("no password").isFalse();
            assertThat(send(redis.port(), "PING")).startsWith("-NOAUTH");
            assertThat(RedisPing.answers("127.0.0.1", redis.port(), TIMEOUT, "wrong")).as("a wrong password").isFalse();
            assertThat(RedisPing.answers("127.0.0.1", redis.port(), TIMEOUT, password)).as("the password").isTrue();
            assertThat(redis.url()).isEqualTo("redis://:" + password + "@127.0.0.1:" + redis.port());
            assertThat(redis.toString()).doesNotContain(password);
        }
    }

    @Test
    void theJarsServerWantsThePasswordToo() {
        String password = OwnerOnlyFiles.randomPassword();
        try (EmbeddedRedis redis = EmbeddedRedis.start(new EmbeddedRedis.Options("none", PATH, null, EmbeddedRedis.Persistence.NONE,
                password))) {
            assertThat(redis.source()).isEqualTo(EmbeddedRedis.Source.EMBEDDED_JAR);
            assertThat(RedisPing.answers("127.0.0.1", redis.port(), TIMEOUT)).isFalse();
            assertThat(RedisPing.answers("127.0.0.1", redis.port(), TIMEOUT, password)).isTrue();
        }
    }

    @Test
    void theAppendOnlyFileKeepsWritesAcrossARestartInTheSameDirectory() throws IOException {
        RedisServerOnPath.require(PATH);
        Path home = dir.resolve("redis");
        EmbeddedRedis.Options options = new EmbeddedRedis.Options("redis-server", PATH, home, EmbeddedRedis.Persistence.AOF_EVERYSEC, "pw");
        try (EmbeddedRedis first = EmbeddedRedis.start(options)) {
            assertThat(send(first.port(), "AUTH", "pw", "SET", "k", "kept")).isEqualTo("+OK+OK");
        }
        assertThat(home).isDirectory();
        assertThat(Files.getPosixFilePermissions(home.resolve("redis.conf"))).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        try (EmbeddedRedis second = EmbeddedRedis.start(options)) {
            assertThat(send(second.port(), "AUTH", "pw", "GET", "k")).isEqualTo("+OK$4kept");
            assertThat(second.leftOver()).isEmpty();
            // rewrites the file at 512 MB, not Redis's 64 MB: a rewrite forks and writes the dataset again (EmbeddedRedis.Persistence)
            assertThat(send(second.port(), "AUTH", "pw", "CONFIG", "GET", "auto-aof-rewrite-min-size")).endsWith("$9536870912");
        }
    }

    @Test
    void aServerLeftRunningInTheDirectoryIsStoppedByTheNextStartWhichSaysSo() throws Exception {
        RedisServerOnPath.require(PATH);
        Path home = dir.resolve("redis");
        Files.createDirectories(home);
        // A server as a runtime killed with SIGKILL leaves it: running, its pid in the pid file.
        Process orphan = new ProcessBuilder("redis-server", "--port", String.valueOf(EmbeddedRedis.freePort()), "--bind", "127.0.0.1",
                "--save", "", "--dir", home.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Files.writeString(home.resolve(EmbeddedRedis.PID_FILE), orphan.pid() + "\n");
            try (EmbeddedRedis redis = EmbeddedRedis.start(new EmbeddedRedis.Options("redis-server", PATH, home,
                    EmbeddedRedis.Persistence.NONE, null))) {
                assertThat(orphan.waitFor(10, TimeUnit.SECONDS)).as("the left-over server stopped").isTrue();
                assertThat(redis.leftOver()).hasValueSatisfying(line -> assertThat(line)
                        .contains("stopped redis-server (pid " + orphan.pid() + ")").contains(home.toString()).doesNotContain("\n"));
            }
        } finally {
            orphan.destroyForcibly();
        }
    }

    @Test
    void aPidFileNamingAnotherProgramIsLeftAlone() throws Exception {
        Path home = dir.resolve("redis");
        Files.createDirectories(home);
        Files.writeString(home.resolve(EmbeddedRedis.PID_FILE), ProcessHandle.current().pid() + "\n");
        assertThat(EmbeddedRedis.stopLeftOver(home)).isEmpty();
        Files.writeString(home.resolve(EmbeddedRedis.PID_FILE), "not a pid\n");
        assertThat(EmbeddedRedis.stopLeftOver(home)).isEmpty();
    }

    @Test
    void aPasswordFileIsOwnerOnlyAndKeepsItsPassword() throws IOException {
        Path file = dir.resolve(".sluice").resolve("password");
        String password = OwnerOnlyFiles.passwordIn(file);
        assertThat(password).matches("[0-9a-f]{32}");
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(OwnerOnlyFiles.passwordIn(file)).isEqualTo(password);
    }

    /** Sends AUTH, GET, SET and PING commands as RESP arrays and returns the replies with their line ends removed. */
    private static String send(int port, String... words) throws IOException {
        StringBuilder request = new StringBuilder();
        int i = 0;
        while (i < words.length) {
            int n = switch (words[i]) {
                case "AUTH", "GET" -> 2;
                case "SET", "CONFIG" -> 3;
                default -> 1;
            };
            request.append('*').append(n).append("\r\n");
            for (int j = i; j < i + n; j++) {
                request.append('$').append(words[j].length()).append("\r\n").append(words[j]).append("\r\n");
            }
            i += n;
        }
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(2000);
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.UTF_8));
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "");
        }
    }
}
