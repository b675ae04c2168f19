package io.sluice.tests.localhost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.cli.SluiceCli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice serve} killed with SIGKILL leaves its Redis and PostgreSQL running (nothing can stop them then); the
 * next {@code serve} in that folder stops them, says so in one line each, and starts.
 */
class KilledServeTest {
    @TempDir
    Path folder;

    @Test
    void theNextServeInTheFolderStopsWhatAKilledOneLeftRunning() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        Process first = serve("first");
        long redis;
        long postgres;
        try {
            awaitListening(first, "first");
            redis = pid(folder.resolve(".sluice/redis/redis.pid"));
            postgres = pid(folder.resolve(".sluice/pg/postmaster.pid"));
        } finally {
            first.destroyForcibly(); // SIGKILL: no shutdown hook runs
        }
        assertThat(first.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).as("killed by SIGKILL").isEqualTo(137);
        assertThat(alive(redis)).as("the killed runtime's redis-server still runs").isTrue();
        assertThat(alive(postgres)).as("the killed runtime's PostgreSQL still runs").isTrue();

        Process second = serve("second");
        try {
            String log = awaitListening(second, "second");
            assertThat(log).contains("stopped redis-server (pid " + redis + ")", "stopped PostgreSQL (pid " + postgres + ")");
            assertThat(alive(redis)).isFalse();
            assertThat(alive(postgres)).isFalse();
        } finally {
            second.destroy(); // SIGTERM: the runtime stops its servers
            assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(Files.exists(folder.resolve(".sluice/redis/redis.pid"))).as("the clean stop removed the pid file").isFalse();
    }

    private Process serve(String name) throws IOException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx384m",
                "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                SluiceCli.class.getName(), "serve", "--port", "0");
        return new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(folder.resolve(name + ".log").toFile()).start();
    }

    private String awaitListening(Process process, String name) throws IOException {
        Path log = folder.resolve(name + ".log");
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200))
                .until(() -> !process.isAlive() || Files.readString(log).contains("sluice: listening on"));
        String text = Files.readString(log);
        assertThat(process.isAlive()).as(text).isTrue();
        return text;
    }

    private static long pid(Path file) throws IOException {
        return Long.parseLong(Files.readAllLines(file).getFirst().strip());
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
