package io.sluice.cli.chaos;

import io.sluice.embedded.EmbeddedRedis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code redis-server} the drill owns: on one loopback port for its whole life, with an append-only file in
 * its own folder, so that a SIGKILL and a start on the same port and folder is a restart from the AOF that the
 * nodes reconnect to. {@code appendfsync} is {@code everysec} or {@code always}; RDB snapshots are off, so the
 * AOF is all a restart has. It opens its unix socket in that folder too, as the local runtime's embedded Redis does, and
 * its URL names it: the nodes' direct pipelines go through the socket, so a kill breaks them there as well.
 */
final class RedisProcess implements DrillRedis {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final String binary;
    private final Path dir;
    private final int port;
    private final String fsync;
    private Process process;

    private RedisProcess(String binary, Path dir, int port, String fsync) {
        this.binary = binary;
        this.dir = dir;
        this.port = port;
        this.fsync = fsync;
    }

    static RedisProcess start(String binary, Path dir, String fsync) {
        RedisProcess r = new RedisProcess(binary, dir, freePort(), fsync);
        r.launch();
        return r;
    }

    @Override
    public String url() {
        return "redis://127.0.0.1:" + port + EmbeddedRedis.socketIn(dir).map(EmbeddedRedis::socketQuery).orElse("");
    }

    @Override
    public String describe() {
        return "redis-server on port " + port + EmbeddedRedis.socketIn(dir).map(socket -> " and its unix socket").orElse("")
                + " (appendonly yes, appendfsync " + fsync + ")";
    }

    @Override
    public String faultDescription() {
        return "SIGKILL redis-server, restart from its AOF";
    }

    int port() {
        return port;
    }

    /** SIGKILL (no shutdown, no final AOF rewrite), then a start from what the AOF holds. */
    @Override
    public void killAndRestart() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing redis-server", e);
        }
        launch();
    }

    private void launch() {
        List<String> command = new ArrayList<>(List.of(binary, "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--dir", dir.toString(), "--save", "", "--protected-mode", "yes", "--daemonize", "no",
                "--logfile", dir.resolve("redis.log").toString()));
        command.addAll(DrillRedis.persistence(fsync).flags()); // the embedded servers' AOF settings, rewrites at 512 MB included
        EmbeddedRedis.socketIn(dir).ifPresent(socket -> command.addAll(List.of("--unixsocket", socket.toString(), "--unixsocketperm", "700")));
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + binary + "; the drill needs redis-server on PATH", e);
        }
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (!ping()) {
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("redis-server did not answer on port " + port + "; see " + dir.resolve("redis.log"));
            }
            pause(50);
        }
    }

    /** PING answered with PONG, and not LOADING: the AOF has been read back. */
    boolean ping() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 300);
            s.setSoTimeout(1000);
            s.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] answer = new byte[64];
            int n = s.getInputStream().read(answer);
            return n > 0 && new String(answer, 0, n, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException e) {
            return false;
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process != null) {
            process.destroyForcibly();
        }
    }
}
