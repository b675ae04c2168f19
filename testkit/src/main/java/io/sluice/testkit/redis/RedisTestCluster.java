package io.sluice.testkit.redis;

import io.sluice.embedded.EmbeddedRedis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Redis Cluster on loopback for tests: three primaries and three replicas, each a {@code redis-server}
 * process of its own ({@code --cluster-enabled yes}, persistence off, files in a temporary directory), joined with
 * {@code redis-cli --cluster create ... --cluster-replicas 1}. It hands out a
 * {@code redis+cluster://127.0.0.1:p1,127.0.0.1:p2,...} URL naming every node.
 *
 * <p>{@link #shared()} starts one per JVM on first use and stops it when the JVM exits; {@link #start} starts one
 * the caller closes. Closing stops only the processes this instance started (their {@link Process} handles, so by
 * pid) and deletes its directory.
 *
 * <p>It needs {@code redis-server} (7.0 or later: the cluster bus port is set with {@code --cluster-port}) and
 * {@code redis-cli} on the {@code PATH} (the system properties {@code sluice.test.redis.binary} and
 * {@code sluice.test.redis.cli} name others). When either is missing, {@link #shared()} <b>skips</b> the calling
 * test (a JUnit assumption) — unless the environment variable {@code CI} is {@code true}, where it fails with a
 * message saying what to install: CI must run the cluster tests, not skip them.
 */
public final class RedisTestCluster implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private static final int PRIMARIES = 3;
    private static final int NODES = PRIMARIES * 2;
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private static RedisTestCluster shared;
    private static String sharedFailure;

    private final Path dir;
    private final List<Process> processes;
    private final List<Integer> ports;

    private RedisTestCluster(Path dir, List<Process> processes, List<Integer> ports) {
        this.dir = dir;
        this.processes = processes;
        this.ports = ports;
    }

    /**
     * The cluster every test in this JVM shares, started on first use and stopped at exit. Skips the calling test when
     * {@code redis-server} or {@code redis-cli} is missing, or fails when {@code CI=true} (see the class comment).
     */
    public static synchronized RedisTestCluster shared() {
        if (shared == null) {
            if (sharedFailure != null) {
                throw new IllegalStateException(sharedFailure);
            }
            Optional<Path> server = EmbeddedRedis.executable(System.getProperty("sluice.test.redis.binary", "redis-server"), path());
            Optional<Path> cli = EmbeddedRedis.executable(System.getProperty("sluice.test.redis.cli", "redis-cli"), path());
            if (server.isEmpty() || cli.isEmpty()) {
                String why = "The Redis Cluster tests need redis-server (7.0 or later) and redis-cli on the PATH; missing: "
                        + (server.isEmpty() ? "redis-server " : "") + (cli.isEmpty() ? "redis-cli" : "")
                        + " (install the redis-server package, or set -Dsluice.test.redis.binary / -Dsluice.test.redis.cli)";
                if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                    throw new IllegalStateException(why + ". CI=true: the cluster tests must run there, not be skipped.");
                }
                Assumptions.abort(why + ": skipped (CI is not true).");
            }
            try {
                RedisTestCluster cluster = start(server.get(), cli.get());
                System.err.println("Cluster tests use " + cluster);
                Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "redis-test-cluster-stop"));
                shared = cluster;
            } catch (RuntimeException e) {
                sharedFailure = "The loopback Redis Cluster did not start: " + e.getMessage();
                throw e;
            }
        }
        return shared;
    }

    /** Starts a cluster of six nodes with {@code redisServer} and joins them with {@code redisCli}. The caller closes it. */
    public static RedisTestCluster start(Path redisServer, Path redisCli) {
        Path dir;
        try {
            dir = Files.createTempDirectory("sluice-redis-cluster-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Process> processes = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        RedisTestCluster cluster = new RedisTestCluster(dir, processes, ports);
        try {
            for (int i = 0; i < NODES; i++) {
                startNode(redisServer, dir, i, processes, ports);
            }
            List<String> create = new ArrayList<>(List.of(redisCli.toString(), "--cluster", "create"));
            ports.forEach(p -> create.add(LOOPBACK + ":" + p));
            create.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
            Path log = dir.resolve("cluster-create.log");
            Process creating = new ProcessBuilder(create).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!creating.waitFor(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                creating.destroyForcibly();
                throw new IllegalStateException("redis-cli --cluster create did not finish in " + READY_TIMEOUT + "; its output:\n"
                        + Files.readString(log));
            }
            if (creating.exitValue() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed (exit " + creating.exitValue() + "):\n"
                        + Files.readString(log));
            }
            cluster.awaitReady();
            return cluster;
        } catch (IOException e) {
            cluster.close();
            throw new UncheckedIOException("Could not start the loopback Redis Cluster", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cluster.close();
            throw new IllegalStateException("interrupted while starting the loopback Redis Cluster", e);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code redis+cluster://127.0.0.1:p1,127.0.0.1:p2,...}: every node, primaries and replicas. */
    public String url() {
        return "redis+cluster://" + nodes().stream().collect(Collectors.joining(","));
    }

    /** {@code 127.0.0.1:port} of every node. */
    public List<String> nodes() {
        return ports.stream().map(p -> LOOPBACK + ":" + p).toList();
    }

    /** The pids of the processes this cluster started. */
    public List<Long> pids() {
        return processes.stream().map(Process::pid).toList();
    }

    /** Where the nodes keep their files; gone after {@link #close()}. */
    Path dir() {
        return dir;
    }

    /** Stops the processes this instance started and deletes its directory. */
    @Override
    public synchronized void close() {
        processes.forEach(Process::destroy);
        for (Process p : processes) {
            try {
                if (!p.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        deleteTree(dir);
    }

    @Override
    public String toString() {
        return "a loopback Redis Cluster of " + NODES + " nodes (" + PRIMARIES + " primaries) at " + url() + ", pids " + pids();
    }

    private static void startNode(Path redisServer, Path dir, int index, List<Process> processes, List<Integer> ports)
            throws IOException {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            int busPort = freePort();
            Path nodeDir = Files.createDirectories(dir.resolve("node-" + index));
            Path log = nodeDir.resolve("redis.log");
            Process process = new ProcessBuilder(redisServer.toString(), "--port", Integer.toString(port),
                    "--bind", LOOPBACK, "--cluster-enabled", "yes", "--cluster-port", Integer.toString(busPort),
                    "--cluster-config-file", nodeDir.resolve("nodes.conf").toString(), "--cluster-node-timeout", "5000",
                    "--appendonly", "no", "--save", "", "--dir", nodeDir.toString(), "--daemonize", "no")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            processes.add(process);
            try {
                Awaitility.await("redis-server on port " + port).atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(20))
                        .until(() -> {
                            if (!process.isAlive()) {
                                return true;
                            }
                            try (Resp redis = Resp.connect(LOOPBACK, port, 200, 1000)) {
                                return "PONG".equals(redis.call("PING"));
                            } catch (IOException e) {
                                return false;
                            }
                        });
            } catch (ConditionTimeoutException e) {
                // handled below as a failed start
            }
            if (process.isAlive() && answers(port)) {
                ports.add(port);
                return;
            }
            process.destroyForcibly();
            processes.remove(process);
            if (attempt == 3) { // a free port may be taken in between: try a few
                throw new IOException("redis-server (cluster node " + index + ") did not start on port " + port + "; its log:\n"
                        + Files.readString(log));
            }
        }
    }

    private static boolean answers(int port) {
        try (Resp redis = Resp.connect(LOOPBACK, port, 200, 1000)) {
            return "PONG".equals(redis.call("PING"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Every node says cluster_state:ok and knows all six; every primary has its replica connected. */
    private void awaitReady() {
        try {
            Awaitility.await("the loopback Redis Cluster to be ready").atMost(READY_TIMEOUT).pollInterval(Duration.ofMillis(100))
                    .ignoreExceptions().until(this::ready);
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException("The loopback Redis Cluster was not ready in " + READY_TIMEOUT + ": " + state(), e);
        }
    }

    private boolean ready() throws IOException {
        int connectedReplicas = 0;
        for (int port : ports) {
            try (Resp redis = Resp.connect(LOOPBACK, port, 500, 2000)) {
                String info = (String) redis.call("CLUSTER", "INFO");
                if (!info.contains("cluster_state:ok") || !info.contains("cluster_known_nodes:" + NODES)) {
                    return false;
                }
                List<?> role = (List<?>) redis.call("ROLE");
                if ("slave".equals(role.get(0)) && "connected".equals(role.get(3))) {
                    connectedReplicas++;
                }
            }
        }
        return connectedReplicas == NODES - PRIMARIES;
    }

    private String state() {
        StringBuilder out = new StringBuilder();
        for (int port : ports) {
            try (Resp redis = Resp.connect(LOOPBACK, port, 500, 2000)) {
                String info = (String) redis.call("CLUSTER", "INFO");
                out.append("\n").append(port).append(": ").append(info.lines().filter(l -> l.startsWith("cluster_state")
                        || l.startsWith("cluster_known_nodes")).collect(Collectors.joining(" "))).append(" role ").append(redis.call("ROLE"));
            } catch (IOException | RuntimeException e) {
                out.append("\n").append(port).append(": ").append(e.getMessage());
            }
        }
        return out.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static String path() {
        return System.getenv().getOrDefault("PATH", "");
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // best effort: a temporary directory
                }
            });
        } catch (IOException e) {
            // best effort
        }
    }
}
