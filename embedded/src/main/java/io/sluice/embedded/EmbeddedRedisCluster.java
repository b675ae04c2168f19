package io.sluice.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * A real Redis Cluster on loopback: three primaries, a replica each or none, each a {@code redis-server} process of its
 * own ({@code --cluster-enabled yes}, files in a temporary directory), joined with {@code redis-cli --cluster create}.
 * It hands out a {@code redis+cluster://127.0.0.1:p1,127.0.0.1:p2,...} URL naming every node. The benches run on one
 * ({@code sluice bench transitions --cluster}), and so do the testkit's cluster suites.
 *
 * <p>Closing stops only the processes this instance started (their {@link Process} handles, so by pid) and deletes its
 * directory. {@link #kill} and {@link #pause} are the failover drill's faults: a primary's SIGKILL, a replica that falls
 * behind.
 *
 * <p>It needs {@code redis-server} 7.0 or later (the bus port is set with {@code --cluster-port}) and {@code redis-cli}.
 */
public final class EmbeddedRedisCluster implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private static final int PRIMARIES = 3;
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    /**
     * @param nodeTimeout {@code cluster-node-timeout}: how long a primary may be unreachable before its replica takes over
     *                    (a failover takes about this plus a second)
     * @param replicas    of each primary: 1, or 0 (nothing to fail over to; what a bench compares with one node)
     */
    public record Options(Path redisServer, Path redisCli, EmbeddedRedis.Persistence persistence, Duration nodeTimeout, int replicas) {
        public Options {
            Objects.requireNonNull(redisServer, "redisServer");
            Objects.requireNonNull(redisCli, "redisCli");
            Objects.requireNonNull(persistence, "persistence");
            if (nodeTimeout.toMillis() < 100) {
                throw new IllegalArgumentException("nodeTimeout must be at least 100 ms, was " + nodeTimeout);
            }
            if (replicas != 0 && replicas != 1) {
                throw new IllegalArgumentException("replicas must be 0 or 1, was " + replicas);
            }
        }

        /** No persistence, a node timeout of 5 s, a replica each: what the tests share. */
        public static Options throwaway(Path redisServer, Path redisCli) {
            return new Options(redisServer, redisCli, EmbeddedRedis.Persistence.NONE, Duration.ofSeconds(5), 1);
        }
    }

    private final Path dir;
    private final int nodeCount;
    private final List<Process> processes = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final List<List<String>> commands = new ArrayList<>();

    private EmbeddedRedisCluster(Path dir, int replicas) {
        this.dir = dir;
        this.nodeCount = PRIMARIES * (1 + replicas);
    }

    /** Starts six nodes (three without replicas) and joins them into one cluster; the caller closes it. */
    public static EmbeddedRedisCluster start(Options options) {
        Path dir;
        try {
            dir = Files.createTempDirectory("sluice-redis-cluster-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        EmbeddedRedisCluster cluster = new EmbeddedRedisCluster(dir, options.replicas());
        try {
            for (int i = 0; i < cluster.nodeCount; i++) {
                cluster.startNode(options, i);
            }
            cluster.create(options.redisCli(), options.replicas());
            cluster.await("the loopback Redis Cluster to be ready", READY_TIMEOUT, cluster::ready);
            return cluster;
        } catch (IOException e) {
            cluster.close();
            throw new UncheckedIOException("Could not start the loopback Redis Cluster", e);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code redis+cluster://127.0.0.1:p1,127.0.0.1:p2,...}: every node, primaries and replicas. */
    public String url() {
        return "redis+cluster://" + String.join(",", nodes());
    }

    /** {@code 127.0.0.1:port} of every node, in the order they were started. */
    public List<String> nodes() {
        return ports.stream().map(p -> LOOPBACK + ":" + p).toList();
    }

    /** The pids of the processes this cluster started. */
    public List<Long> pids() {
        return processes.stream().map(Process::pid).toList();
    }

    /** Where the nodes keep their files; gone after {@link #close()}. */
    public Path dir() {
        return dir;
    }

    /** The nodes that are primaries now, as {@code 127.0.0.1:port} (a node that does not answer is left out). */
    public List<String> primaries() {
        List<String> primaries = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            if (processes.get(i).isAlive() && "master".equals(role(ports.get(i)).getFirst())) {
                primaries.add(LOOPBACK + ":" + ports.get(i));
            }
        }
        return primaries;
    }

    /** The primary that serves {@code key}'s slot now ({@code CLUSTER KEYSLOT}, then {@code CLUSTER SLOTS}). */
    public String primaryOf(String key) {
        int asked = ports.get(processes.indexOf(processes.stream().filter(Process::isAlive).findFirst().orElseThrow()));
        long slot = (Long) call(asked, "CLUSTER", "KEYSLOT", key);
        for (Object range : (List<?>) call(asked, "CLUSTER", "SLOTS")) {
            List<?> r = (List<?>) range;
            if ((Long) r.get(0) <= slot && slot <= (Long) r.get(1)) {
                return LOOPBACK + ":" + ((List<?>) r.get(2)).get(1);
            }
        }
        throw new IllegalStateException("No node serves slot " + slot + ": " + state());
    }

    /** The replica that follows {@code primary} now. */
    public String replicaOf(String primary) {
        int port = port(primary);
        for (int i = 0; i < ports.size(); i++) {
            List<?> role = processes.get(i).isAlive() ? role(ports.get(i)) : List.of("dead");
            if ("slave".equals(role.getFirst()) && Long.valueOf(port).equals(((Number) role.get(2)).longValue())) {
                return LOOPBACK + ":" + ports.get(i);
            }
        }
        throw new IllegalStateException(primary + " has no replica: " + state());
    }

    /** SIGKILLs the node; it stays down. */
    public void kill(String node) {
        Process process = processes.get(index(node));
        process.destroyForcibly();
        try {
            process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts a {@link #kill killed} node again on its port, folder and cluster configuration: a primary whose replica took
     * over comes back as that replica's replica. Waits until it answers and every live node sees the cluster as ok.
     */
    public synchronized void restart(String node) {
        int index = index(node);
        if (processes.get(index).isAlive()) {
            throw new IllegalStateException(node + " is running: kill it first");
        }
        List<String> command = commands.get(index);
        Path log = dir.resolve("node-" + index).resolve("redis.log");
        try {
            processes.set(index, new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not restart " + node, e);
        }
        int port = ports.get(index);
        await(node + " to answer again and the cluster to be ok", READY_TIMEOUT, () -> answers(port) && liveNodesOk());
    }

    /** SIGSTOPs ({@code paused}) or SIGCONTs the node: a paused replica falls behind its primary and cannot be told so. */
    public void pause(String node, boolean paused) {
        long pid = processes.get(index(node)).pid();
        try {
            Process signal = new ProcessBuilder("kill", paused ? "-STOP" : "-CONT", Long.toString(pid)).start();
            if (!signal.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS) || signal.exitValue() != 0) {
                throw new IllegalStateException("kill " + (paused ? "-STOP " : "-CONT ") + pid + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling " + node, e);
        }
    }

    /**
     * Closes {@code primary}'s replication links ({@code CLIENT KILL TYPE replica}): its writes from now on reach no
     * replica until one reconnects, which a {@link #pause paused} replica cannot.
     */
    public void disconnectReplicas(String primary) {
        call(port(primary), "CLIENT", "KILL", "TYPE", "replica");
    }

    /** Waits until {@code replica} is a primary and every live node sees the cluster as ok. */
    public void awaitPromoted(String replica, Duration timeout) {
        int port = port(replica);
        await(replica + " to take over as primary", timeout, () -> "master".equals(role(port).getFirst()) && liveNodesOk());
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
        EmbeddedRedis.deleteTree(dir);
    }

    @Override
    public String toString() {
        return "a loopback Redis Cluster of " + nodeCount + " nodes (" + PRIMARIES + " primaries) at " + url() + ", pids " + pids();
    }

    private void startNode(Options options, int index) throws IOException {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            int busPort = freePort();
            Path nodeDir = Files.createDirectories(dir.resolve("node-" + index));
            Path log = nodeDir.resolve("redis.log");
            List<String> command = new ArrayList<>(List.of(options.redisServer().toString(), "--port", Integer.toString(port),
                    "--bind", LOOPBACK, "--cluster-enabled", "yes", "--cluster-port", Integer.toString(busPort),
                    "--cluster-config-file", nodeDir.resolve("nodes.conf").toString(),
                    "--cluster-node-timeout", Long.toString(options.nodeTimeout().toMillis()),
                    "--save", "", "--dir", nodeDir.toString(), "--daemonize", "no"));
            command.addAll(options.persistence().flags());
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            processes.add(process);
            ports.add(port);
            commands.add(List.copyOf(command));
            boolean up = poll(Duration.ofSeconds(15), () -> !process.isAlive() || answers(port));
            if (up && process.isAlive()) {
                return;
            }
            process.destroyForcibly();
            processes.removeLast();
            ports.removeLast();
            commands.removeLast();
            if (attempt == 3) { // a free port may be taken in between: try a few
                throw new IOException("redis-server (cluster node " + index + ") did not start on port " + port + "; its log:\n"
                        + Files.readString(log));
            }
        }
    }

    private void create(Path redisCli, int replicas) throws IOException {
        List<String> create = new ArrayList<>(List.of(redisCli.toString(), "--cluster", "create"));
        create.addAll(nodes());
        create.addAll(List.of("--cluster-replicas", Integer.toString(replicas), "--cluster-yes"));
        Path log = dir.resolve("cluster-create.log");
        Process creating = new ProcessBuilder(create).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!creating.waitFor(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                creating.destroyForcibly();
                throw new IllegalStateException("redis-cli --cluster create did not finish in " + READY_TIMEOUT + "; its output:\n"
                        + Files.readString(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the loopback Redis Cluster", e);
        }
        if (creating.exitValue() != 0) {
            throw new IllegalStateException("redis-cli --cluster create failed (exit " + creating.exitValue() + "):\n" + Files.readString(log));
        }
    }

    /** Every node says cluster_state:ok and knows all the others; every primary has its replica connected, if it has one. */
    private boolean ready() {
        int connectedReplicas = 0;
        for (int port : ports) {
            String info = clusterInfo(port);
            if (!info.contains("cluster_state:ok") || !info.contains("cluster_known_nodes:" + nodeCount)) {
                return false;
            }
            List<?> role = role(port);
            if ("slave".equals(role.getFirst()) && "connected".equals(role.get(3))) {
                connectedReplicas++;
            }
        }
        return connectedReplicas == nodeCount - PRIMARIES;
    }

    private boolean liveNodesOk() {
        for (int i = 0; i < ports.size(); i++) {
            if (processes.get(i).isAlive() && !clusterInfo(ports.get(i)).contains("cluster_state:ok")) {
                return false;
            }
        }
        return true;
    }

    private void await(String what, Duration timeout, BooleanSupplier condition) {
        if (!poll(timeout, condition)) {
            throw new IllegalStateException("Waited " + timeout + " for " + what + ": " + state());
        }
    }

    /** Polls every 50 ms; false if {@code timeout} passed first. */
    private static boolean poll(Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                if (condition.getAsBoolean()) {
                    return true;
                }
            } catch (RuntimeException e) {
                // a node that is starting or failing over: ask again
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private String state() {
        StringBuilder out = new StringBuilder();
        for (int port : ports) {
            try {
                out.append("\n").append(port).append(": ").append(clusterInfo(port).lines().filter(l -> l.startsWith("cluster_state")
                        || l.startsWith("cluster_known_nodes")).collect(Collectors.joining(" "))).append(" role ").append(role(port));
            } catch (RuntimeException e) {
                out.append("\n").append(port).append(": ").append(e.getMessage());
            }
        }
        return out.toString();
    }

    private static String clusterInfo(int port) {
        return (String) call(port, "CLUSTER", "INFO");
    }

    private static List<?> role(int port) {
        return (List<?>) call(port, "ROLE");
    }

    private static Object call(int port, String... command) {
        try (Resp redis = Resp.connect(LOOPBACK, port, 500, 2000)) {
            return redis.call(command);
        } catch (IOException e) {
            throw new UncheckedIOException("127.0.0.1:" + port + " " + String.join(" ", command) + ": " + e.getMessage(), e);
        }
    }

    private static boolean answers(int port) {
        try {
            return "PONG".equals(call(port, "PING"));
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    private int index(String node) {
        int i = ports.indexOf(port(node));
        if (i < 0) {
            throw new IllegalArgumentException(node + " is not a node of " + this);
        }
        return i;
    }

    private static int port(String node) {
        return Integer.parseInt(node.substring(node.lastIndexOf(':') + 1));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
